; ERROR: 3:13: use of undefined value '@nope'
define void @f() {
  call void @nope()
  ret void
}
