; ERROR: 3:8: unknown instruction 'frobnicate'
define i32 @f() {
  %x = frobnicate i32 1, 2
  ret i32 %x
}
