; ERROR: 3:12: use of undefined value '%nowhere'
define void @f() {
  br label %nowhere
}
