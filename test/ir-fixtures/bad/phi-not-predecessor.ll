; ERROR: 8:3: phi incoming block %c2 is not a predecessor of %b
define i32 @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %b
b:
  %x = phi i32 [ 1, %a ], [ 2, %c2 ]
  ret i32 %x
c2:
  br label %a
}
