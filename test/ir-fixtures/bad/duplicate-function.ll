; ERROR: 3:13: redefinition of '@f'
declare void @f()
define void @f() {
  ret void
}
