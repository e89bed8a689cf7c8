; ERROR: 8:3: phi node has no entry for predecessor %entry of %b
define i32 @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  br label %b
b:
  %x = phi i32 [ 1, %a ]
  ret i32 %x
}
