; ERROR: 4:1: block '%0' does not end with a terminator instruction
define i32 @f() {
  %x = add i32 1, 2
next:
  ret i32 %x
}
