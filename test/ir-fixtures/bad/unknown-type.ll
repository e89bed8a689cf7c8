; ERROR: 3:12: unknown type 'i32x'
define i32 @f() {
  %x = add i32x 1, 2
  ret i32 %x
}
