; ERROR: 3:16: store operand must be a pointer
define void @f() {
  store i32 1, i32 2
  ret void
}
