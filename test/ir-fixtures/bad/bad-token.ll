; ERROR: 3:21: unexpected character '^'
define i32 @f() {
  %x = add i32 1, 2 ^ 3
  ret i32 %x
}
