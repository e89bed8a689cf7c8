; ERROR: 3:3: use of undefined metadata '!99'
define void @f() {
  ret void, !dbg !99
}
