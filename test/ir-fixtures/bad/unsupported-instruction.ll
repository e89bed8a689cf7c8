; ERROR: 3:3: unsupported instruction 'callbr'
define void @f() {
  callbr void asm "", ""() to label %a []
a:
  ret void
}
