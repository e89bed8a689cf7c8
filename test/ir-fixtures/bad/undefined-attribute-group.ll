; ERROR: 2:19: use of undefined attribute group '#7'
declare void @g() #7
