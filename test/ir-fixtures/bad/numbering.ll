; ERROR: 4:3: instruction expected to be numbered '%6' or greater
define i32 @f() {
  %5 = add i32 1, 2
  %3 = add i32 %5, 2
  ret i32 %3
}
