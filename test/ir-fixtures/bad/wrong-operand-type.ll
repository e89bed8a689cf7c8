; ERROR: 4:16: '%a' defined with type 'i32' but expected 'i64'
define i64 @f() {
  %a = add i32 1, 2
  %b = add i64 %a, 1
  ret i64 %b
}
