; ERROR: 3:16: use of undefined value '%y'
define i32 @f() {
  %x = add i32 %y, 1
  ret i32 %x
}
