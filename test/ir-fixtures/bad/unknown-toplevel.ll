; ERROR: 2:1: unknown top-level entity 'function'
function void @f() {
}
