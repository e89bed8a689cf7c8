; ERROR: 3:18: expected a value here, found end of file
define i32 @f() {
  %1 = add i32 1,