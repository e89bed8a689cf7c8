; ERROR: 9:3: '%y' defined with type 'i32' but expected 'i64'
define i32 @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %x = phi i64 [ %y, %b ], [ 0, %entry ]
  ret i32 0
b:
  %y = add i32 1, 2
  br label %a
}
