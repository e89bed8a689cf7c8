; ModuleID = 'mixed.c'
source_filename = "mixed.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i8, i64, ptr }
%struct.__va_list_tag = type { i32, i32, ptr, ptr }
%struct.B = type { i32 }
%union.U = type { i32 }

@arr = dso_local global [10 x i32] [i32 1, i32 2, i32 3, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0], align 16, !dbg !0
@gs = dso_local global %struct.S { i32 1, i8 120, i64 3, ptr @gs }, align 8, !dbg !9
@addr = dso_local global i64 ptrtoint (ptr getelementptr (i8, ptr @arr, i64 12) to i64), align 8, !dbg !19
@pa = dso_local global ptr getelementptr (i8, ptr @arr, i64 12), align 8, !dbg !21
@fps = dso_local global [2 x ptr] [ptr @sq, ptr null], align 16, !dbg !24
@__const.main.b = private unnamed_addr constant { i8, i8, i8, i8 } { i8 17, i8 3, i8 0, i8 0 }, align 4
@.str = private unnamed_addr constant [4 x i8] c"%d\0A\00", align 1, !dbg !33
@main.lbl = internal global [2 x ptr] [ptr blockaddress(@main, %79), ptr blockaddress(@main, %59)], align 16, !dbg !38
@.str.1 = private unnamed_addr constant [13 x i8] c"%s %d %f %d\0A\00", align 1, !dbg !48
@names = internal global [3 x ptr] [ptr @.str.2, ptr @.str.3, ptr @.str.4], align 16, !dbg !63
@.str.2 = private unnamed_addr constant [2 x i8] c"a\00", align 1, !dbg !53
@.str.3 = private unnamed_addr constant [3 x i8] c"bb\00", align 1, !dbg !56
@.str.4 = private unnamed_addr constant [4 x i8] c"ccc\00", align 1, !dbg !61

; Function Attrs: noinline nounwind uwtable
define internal i32 @sq(i32 noundef %0) #0 !dbg !79 {
  %2 = alloca i32, align 4
  store i32 %0, ptr %2, align 4
    #dbg_declare(ptr %2, !80, !DIExpression(), !81)
  %3 = load i32, ptr %2, align 4, !dbg !82
  %4 = load i32, ptr %2, align 4, !dbg !83
  %5 = mul nsw i32 %3, %4, !dbg !84
  ret i32 %5, !dbg !85
}

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @sum(i32 noundef %0, ...) #0 !dbg !86 {
  %2 = alloca i32, align 4
  %3 = alloca [1 x %struct.__va_list_tag], align 16
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  store i32 %0, ptr %2, align 4
    #dbg_declare(ptr %2, !89, !DIExpression(), !90)
    #dbg_declare(ptr %3, !91, !DIExpression(), !105)
  %6 = getelementptr inbounds [1 x %struct.__va_list_tag], ptr %3, i64 0, i64 0, !dbg !106
  call void @llvm.va_start.p0(ptr %6), !dbg !106
    #dbg_declare(ptr %4, !107, !DIExpression(), !108)
  store i32 0, ptr %4, align 4, !dbg !108
    #dbg_declare(ptr %5, !109, !DIExpression(), !111)
  store i32 0, ptr %5, align 4, !dbg !111
  br label %7, !dbg !112

7:                                                ; preds = %30, %1
  %8 = load i32, ptr %5, align 4, !dbg !113
  %9 = load i32, ptr %2, align 4, !dbg !115
  %10 = icmp slt i32 %8, %9, !dbg !116
  br i1 %10, label %11, label %33, !dbg !117

11:                                               ; preds = %7
  %12 = getelementptr inbounds [1 x %struct.__va_list_tag], ptr %3, i64 0, i64 0, !dbg !118
  %13 = getelementptr inbounds %struct.__va_list_tag, ptr %12, i32 0, i32 0, !dbg !118
  %14 = load i32, ptr %13, align 16, !dbg !118
  %15 = icmp ule i32 %14, 40, !dbg !118
  br i1 %15, label %16, label %21, !dbg !118

16:                                               ; preds = %11
  %17 = getelementptr inbounds %struct.__va_list_tag, ptr %12, i32 0, i32 3, !dbg !118
  %18 = load ptr, ptr %17, align 16, !dbg !118
  %19 = getelementptr i8, ptr %18, i32 %14, !dbg !118
  %20 = add i32 %14, 8, !dbg !118
  store i32 %20, ptr %13, align 16, !dbg !118
  br label %25, !dbg !118

21:                                               ; preds = %11
  %22 = getelementptr inbounds %struct.__va_list_tag, ptr %12, i32 0, i32 2, !dbg !118
  %23 = load ptr, ptr %22, align 8, !dbg !118
  %24 = getelementptr i8, ptr %23, i32 8, !dbg !118
  store ptr %24, ptr %22, align 8, !dbg !118
  br label %25, !dbg !118

25:                                               ; preds = %21, %16
  %26 = phi ptr [ %19, %16 ], [ %23, %21 ], !dbg !118
  %27 = load i32, ptr %26, align 4, !dbg !118
  %28 = load i32, ptr %4, align 4, !dbg !119
  %29 = add nsw i32 %28, %27, !dbg !119
  store i32 %29, ptr %4, align 4, !dbg !119
  br label %30, !dbg !120

30:                                               ; preds = %25
  %31 = load i32, ptr %5, align 4, !dbg !121
  %32 = add nsw i32 %31, 1, !dbg !121
  store i32 %32, ptr %5, align 4, !dbg !121
  br label %7, !dbg !122, !llvm.loop !123

33:                                               ; preds = %7
  %34 = getelementptr inbounds [1 x %struct.__va_list_tag], ptr %3, i64 0, i64 0, !dbg !126
  call void @llvm.va_end.p0(ptr %34), !dbg !126
  %35 = load i32, ptr %4, align 4, !dbg !127
  ret i32 %35, !dbg !128
}

; Function Attrs: nocallback nofree nosync nounwind willreturn
declare void @llvm.va_start.p0(ptr) #1

; Function Attrs: nocallback nofree nosync nounwind willreturn
declare void @llvm.va_end.p0(ptr) #1

; Function Attrs: noinline nounwind uwtable
define dso_local double @f(double noundef %0, float noundef %1) #0 !dbg !129 {
  %3 = alloca double, align 8
  %4 = alloca float, align 4
  store double %0, ptr %3, align 8
    #dbg_declare(ptr %3, !134, !DIExpression(), !135)
  store float %1, ptr %4, align 4
    #dbg_declare(ptr %4, !136, !DIExpression(), !137)
  %5 = load double, ptr %3, align 8, !dbg !138
  %6 = load float, ptr %4, align 4, !dbg !139
  %7 = fpext float %6 to double, !dbg !139
  %8 = call double @llvm.fmuladd.f64(double %5, double %7, double 1.500000e+00), !dbg !140
  ret double %8, !dbg !141
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fmuladd.f64(double, double, double) #2

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @main(i32 noundef %0, ptr noundef %1) #0 !dbg !40 {
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca ptr, align 8
  %6 = alloca %struct.S, align 8
  %7 = alloca %struct.B, align 4
  %8 = alloca %union.U, align 4
  %9 = alloca [32 x i8], align 16
  %10 = alloca i32, align 4
  %11 = alloca i64, align 8
  %12 = alloca i16, align 2
  store i32 0, ptr %3, align 4
  store i32 %0, ptr %4, align 4
    #dbg_declare(ptr %4, !142, !DIExpression(), !143)
  store ptr %1, ptr %5, align 8
    #dbg_declare(ptr %5, !144, !DIExpression(), !145)
    #dbg_declare(ptr %6, !146, !DIExpression(), !147)
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %6, ptr align 8 @gs, i64 24, i1 false), !dbg !148
    #dbg_declare(ptr %7, !149, !DIExpression(), !155)
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %7, ptr align 4 @__const.main.b, i64 4, i1 false), !dbg !155
    #dbg_declare(ptr %8, !156, !DIExpression(), !161)
  store float 1.000000e+00, ptr %8, align 4, !dbg !162
    #dbg_declare(ptr %9, !163, !DIExpression(), !167)
  %13 = getelementptr inbounds [32 x i8], ptr %9, i64 0, i64 0, !dbg !168
  %14 = load ptr, ptr %5, align 8, !dbg !169
  %15 = getelementptr inbounds ptr, ptr %14, i64 0, !dbg !169
  %16 = load ptr, ptr %15, align 8, !dbg !169
  %17 = call ptr @strcpy(ptr noundef %13, ptr noundef %16) #6, !dbg !170
  %18 = load i32, ptr %4, align 4, !dbg !171
  switch i32 %18, label %23 [
    i32 1, label %19
    i32 5, label %22
  ], !dbg !172

19:                                               ; preds = %2
  %20 = call i32 (i32, ...) @sum(i32 noundef 3, i32 noundef 1, i32 noundef 2, i32 noundef 3), !dbg !173
  %21 = call i32 (ptr, ...) @printf(ptr noundef @.str, i32 noundef %20), !dbg !175
  br label %31, !dbg !176

22:                                               ; preds = %2
  br label %79, !dbg !177

23:                                               ; preds = %2
  %24 = load i32, ptr %7, align 4, !dbg !178
  %25 = and i32 %24, 7, !dbg !178
  %26 = add i32 %25, 1, !dbg !178
  %27 = load i32, ptr %7, align 4, !dbg !178
  %28 = and i32 %26, 7, !dbg !178
  %29 = and i32 %27, -8, !dbg !178
  %30 = or i32 %29, %28, !dbg !178
  store i32 %30, ptr %7, align 4, !dbg !178
  br label %31, !dbg !179

31:                                               ; preds = %23, %19
    #dbg_declare(ptr %10, !180, !DIExpression(), !182)
  store i32 0, ptr %10, align 4, !dbg !182
  br label %32, !dbg !183

32:                                               ; preds = %44, %31
  %33 = load i32, ptr %10, align 4, !dbg !184
  %34 = icmp slt i32 %33, 10, !dbg !186
  br i1 %34, label %35, label %47, !dbg !187

35:                                               ; preds = %32
  %36 = load i32, ptr %10, align 4, !dbg !188
  %37 = load i32, ptr %4, align 4, !dbg !189
  %38 = mul nsw i32 %36, %37, !dbg !190
  %39 = load i32, ptr %10, align 4, !dbg !191
  %40 = sext i32 %39 to i64, !dbg !192
  %41 = getelementptr inbounds [10 x i32], ptr @arr, i64 0, i64 %40, !dbg !192
  %42 = load i32, ptr %41, align 4, !dbg !193
  %43 = add nsw i32 %42, %38, !dbg !193
  store i32 %43, ptr %41, align 4, !dbg !193
  br label %44, !dbg !192

44:                                               ; preds = %35
  %45 = load i32, ptr %10, align 4, !dbg !194
  %46 = add nsw i32 %45, 1, !dbg !194
  store i32 %46, ptr %10, align 4, !dbg !194
  br label %32, !dbg !195, !llvm.loop !196

47:                                               ; preds = %32
    #dbg_declare(ptr %11, !198, !DIExpression(), !200)
  %48 = load i32, ptr %4, align 4, !dbg !201
  %49 = sext i32 %48 to i64, !dbg !201
  store i64 %49, ptr %11, align 8, !dbg !200
  %50 = load i64, ptr %11, align 8, !dbg !202
  %51 = shl i64 %50, 40, !dbg !202
  store i64 %51, ptr %11, align 8, !dbg !202
    #dbg_declare(ptr %12, !203, !DIExpression(), !204)
  %52 = load i64, ptr %11, align 8, !dbg !205
  %53 = trunc i64 %52 to i16, !dbg !206
  store i16 %53, ptr %12, align 2, !dbg !204
  %54 = load i32, ptr %4, align 4, !dbg !207
  %55 = and i32 %54, 1, !dbg !208
  %56 = sext i32 %55 to i64, !dbg !209
  %57 = getelementptr inbounds [2 x ptr], ptr @main.lbl, i64 0, i64 %56, !dbg !209
  %58 = load ptr, ptr %57, align 8, !dbg !209
  br label %82, !dbg !210

59:                                               ; preds = %82
    #dbg_label(!211, !212)
  %60 = load i32, ptr %4, align 4, !dbg !213
  %61 = srem i32 %60, 3, !dbg !214
  %62 = sext i32 %61 to i64, !dbg !215
  %63 = getelementptr inbounds [3 x ptr], ptr @names, i64 0, i64 %62, !dbg !215
  %64 = load ptr, ptr %63, align 8, !dbg !215
  %65 = load ptr, ptr @fps, align 16, !dbg !216
  %66 = load i32, ptr %4, align 4, !dbg !217
  %67 = call i32 %65(i32 noundef %66), !dbg !216
  %68 = load i32, ptr %4, align 4, !dbg !218
  %69 = sitofp i32 %68 to double, !dbg !218
  %70 = call double @f(double noundef %69, float noundef 2.000000e+00), !dbg !219
  %71 = load i16, ptr %12, align 2, !dbg !220
  %72 = sext i16 %71 to i32, !dbg !221
  %73 = load i32, ptr %7, align 4, !dbg !222
  %74 = and i32 %73, 7, !dbg !222
  %75 = add nsw i32 %72, %74, !dbg !223
  %76 = load i32, ptr %8, align 4, !dbg !224
  %77 = add nsw i32 %75, %76, !dbg !225
  %78 = call i32 (ptr, ...) @printf(ptr noundef @.str.1, ptr noundef %64, i32 noundef %67, double noundef %70, i32 noundef %77), !dbg !226
  br label %79, !dbg !226

79:                                               ; preds = %59, %82, %22
    #dbg_label(!227, !228)
  %80 = getelementptr inbounds %struct.S, ptr %6, i32 0, i32 0, !dbg !229
  %81 = load i32, ptr %80, align 8, !dbg !229
  ret i32 %81, !dbg !230

82:                                               ; preds = %47
  %83 = phi ptr [ %58, %47 ]
  indirectbr ptr %83, [label %79, label %59]
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #3

; Function Attrs: nounwind
declare ptr @strcpy(ptr noundef, ptr noundef) #4

declare i32 @printf(ptr noundef, ...) #5

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind willreturn }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #3 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #4 = { nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { nounwind }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!71, !72, !73, !74, !75, !76, !77}
!llvm.ident = !{!78}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "arr", scope: !2, file: !3, line: 10, type: !68, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C11, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !4, globals: !8, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "mixed.c", directory: ".", checksumkind: CSK_MD5, checksum: "6270f8c274eefeaae85641259788e6a8")
!4 = !{!5, !6, !7}
!5 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!6 = !DIBasicType(name: "short", size: 16, encoding: DW_ATE_signed)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !{!0, !9, !19, !21, !24, !33, !38, !48, !53, !56, !61, !63}
!9 = !DIGlobalVariableExpression(var: !10, expr: !DIExpression())
!10 = distinct !DIGlobalVariable(name: "gs", scope: !2, file: !3, line: 11, type: !11, isLocal: false, isDefinition: true)
!11 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "S", file: !3, line: 6, size: 192, elements: !12)
!12 = !{!13, !14, !16, !17}
!13 = !DIDerivedType(tag: DW_TAG_member, name: "a", scope: !11, file: !3, line: 6, baseType: !7, size: 32)
!14 = !DIDerivedType(tag: DW_TAG_member, name: "b", scope: !11, file: !3, line: 6, baseType: !15, size: 8, offset: 32)
!15 = !DIBasicType(name: "char", size: 8, encoding: DW_ATE_signed_char)
!16 = !DIDerivedType(tag: DW_TAG_member, name: "c", scope: !11, file: !3, line: 6, baseType: !5, size: 64, offset: 64)
!17 = !DIDerivedType(tag: DW_TAG_member, name: "next", scope: !11, file: !3, line: 6, baseType: !18, size: 64, offset: 128)
!18 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !11, size: 64)
!19 = !DIGlobalVariableExpression(var: !20, expr: !DIExpression())
!20 = distinct !DIGlobalVariable(name: "addr", scope: !2, file: !3, line: 12, type: !5, isLocal: false, isDefinition: true)
!21 = !DIGlobalVariableExpression(var: !22, expr: !DIExpression())
!22 = distinct !DIGlobalVariable(name: "pa", scope: !2, file: !3, line: 13, type: !23, isLocal: false, isDefinition: true)
!23 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !7, size: 64)
!24 = !DIGlobalVariableExpression(var: !25, expr: !DIExpression())
!25 = distinct !DIGlobalVariable(name: "fps", scope: !2, file: !3, line: 16, type: !26, isLocal: false, isDefinition: true)
!26 = !DICompositeType(tag: DW_TAG_array_type, baseType: !27, size: 128, elements: !31)
!27 = !DIDerivedType(tag: DW_TAG_typedef, name: "fp", file: !3, line: 14, baseType: !28)
!28 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !29, size: 64)
!29 = !DISubroutineType(types: !30)
!30 = !{!7, !7}
!31 = !{!32}
!32 = !DISubrange(count: 2)
!33 = !DIGlobalVariableExpression(var: !34, expr: !DIExpression())
!34 = distinct !DIGlobalVariable(scope: null, file: !3, line: 22, type: !35, isLocal: true, isDefinition: true)
!35 = !DICompositeType(tag: DW_TAG_array_type, baseType: !15, size: 32, elements: !36)
!36 = !{!37}
!37 = !DISubrange(count: 4)
!38 = !DIGlobalVariableExpression(var: !39, expr: !DIExpression())
!39 = distinct !DIGlobalVariable(name: "lbl", scope: !40, file: !3, line: 25, type: !46, isLocal: true, isDefinition: true)
!40 = distinct !DISubprogram(name: "main", scope: !3, file: !3, line: 19, type: !41, scopeLine: 19, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !45)
!41 = !DISubroutineType(types: !42)
!42 = !{!7, !7, !43}
!43 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !44, size: 64)
!44 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!45 = !{}
!46 = !DICompositeType(tag: DW_TAG_array_type, baseType: !47, size: 128, elements: !31)
!47 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!48 = !DIGlobalVariableExpression(var: !49, expr: !DIExpression())
!49 = distinct !DIGlobalVariable(scope: null, file: !3, line: 27, type: !50, isLocal: true, isDefinition: true)
!50 = !DICompositeType(tag: DW_TAG_array_type, baseType: !15, size: 104, elements: !51)
!51 = !{!52}
!52 = !DISubrange(count: 13)
!53 = !DIGlobalVariableExpression(var: !54, expr: !DIExpression())
!54 = distinct !DIGlobalVariable(scope: null, file: !3, line: 9, type: !55, isLocal: true, isDefinition: true)
!55 = !DICompositeType(tag: DW_TAG_array_type, baseType: !15, size: 16, elements: !31)
!56 = !DIGlobalVariableExpression(var: !57, expr: !DIExpression())
!57 = distinct !DIGlobalVariable(scope: null, file: !3, line: 9, type: !58, isLocal: true, isDefinition: true)
!58 = !DICompositeType(tag: DW_TAG_array_type, baseType: !15, size: 24, elements: !59)
!59 = !{!60}
!60 = !DISubrange(count: 3)
!61 = !DIGlobalVariableExpression(var: !62, expr: !DIExpression())
!62 = distinct !DIGlobalVariable(scope: null, file: !3, line: 9, type: !35, isLocal: true, isDefinition: true)
!63 = !DIGlobalVariableExpression(var: !64, expr: !DIExpression())
!64 = distinct !DIGlobalVariable(name: "names", scope: !2, file: !3, line: 9, type: !65, isLocal: true, isDefinition: true)
!65 = !DICompositeType(tag: DW_TAG_array_type, baseType: !66, size: 192, elements: !59)
!66 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !67, size: 64)
!67 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !15)
!68 = !DICompositeType(tag: DW_TAG_array_type, baseType: !7, size: 320, elements: !69)
!69 = !{!70}
!70 = !DISubrange(count: 10)
!71 = !{i32 7, !"Dwarf Version", i32 5}
!72 = !{i32 2, !"Debug Info Version", i32 3}
!73 = !{i32 1, !"wchar_size", i32 4}
!74 = !{i32 8, !"PIC Level", i32 2}
!75 = !{i32 7, !"PIE Level", i32 2}
!76 = !{i32 7, !"uwtable", i32 2}
!77 = !{i32 7, !"frame-pointer", i32 2}
!78 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!79 = distinct !DISubprogram(name: "sq", scope: !3, file: !3, line: 15, type: !29, scopeLine: 15, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !2, retainedNodes: !45)
!80 = !DILocalVariable(name: "x", arg: 1, scope: !79, file: !3, line: 15, type: !7)
!81 = !DILocation(line: 15, column: 19, scope: !79)
!82 = !DILocation(line: 15, column: 31, scope: !79)
!83 = !DILocation(line: 15, column: 33, scope: !79)
!84 = !DILocation(line: 15, column: 32, scope: !79)
!85 = !DILocation(line: 15, column: 24, scope: !79)
!86 = distinct !DISubprogram(name: "sum", scope: !3, file: !3, line: 17, type: !87, scopeLine: 17, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !45)
!87 = !DISubroutineType(types: !88)
!88 = !{!7, !7, null}
!89 = !DILocalVariable(name: "n", arg: 1, scope: !86, file: !3, line: 17, type: !7)
!90 = !DILocation(line: 17, column: 13, scope: !86)
!91 = !DILocalVariable(name: "ap", scope: !86, file: !3, line: 17, type: !92)
!92 = !DIDerivedType(tag: DW_TAG_typedef, name: "va_list", file: !93, line: 12, baseType: !94)
!93 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/__stdarg_va_list.h", directory: "", checksumkind: CSK_MD5, checksum: "7bd78a282b99fcfe41a9e3c566d14f7d")
!94 = !DIDerivedType(tag: DW_TAG_typedef, name: "__builtin_va_list", file: !3, baseType: !95)
!95 = !DICompositeType(tag: DW_TAG_array_type, baseType: !96, size: 192, elements: !103)
!96 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "__va_list_tag", size: 192, elements: !97)
!97 = !{!98, !100, !101, !102}
!98 = !DIDerivedType(tag: DW_TAG_member, name: "gp_offset", scope: !96, file: !3, line: 17, baseType: !99, size: 32)
!99 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!100 = !DIDerivedType(tag: DW_TAG_member, name: "fp_offset", scope: !96, file: !3, line: 17, baseType: !99, size: 32, offset: 32)
!101 = !DIDerivedType(tag: DW_TAG_member, name: "overflow_arg_area", scope: !96, file: !3, line: 17, baseType: !47, size: 64, offset: 64)
!102 = !DIDerivedType(tag: DW_TAG_member, name: "reg_save_area", scope: !96, file: !3, line: 17, baseType: !47, size: 64, offset: 128)
!103 = !{!104}
!104 = !DISubrange(count: 1)
!105 = !DILocation(line: 17, column: 31, scope: !86)
!106 = !DILocation(line: 17, column: 35, scope: !86)
!107 = !DILocalVariable(name: "s", scope: !86, file: !3, line: 17, type: !7)
!108 = !DILocation(line: 17, column: 55, scope: !86)
!109 = !DILocalVariable(name: "i", scope: !110, file: !3, line: 17, type: !7)
!110 = distinct !DILexicalBlock(scope: !86, file: !3, line: 17, column: 60)
!111 = !DILocation(line: 17, column: 68, scope: !110)
!112 = !DILocation(line: 17, column: 64, scope: !110)
!113 = !DILocation(line: 17, column: 72, scope: !114)
!114 = distinct !DILexicalBlock(scope: !110, file: !3, line: 17, column: 60)
!115 = !DILocation(line: 17, column: 74, scope: !114)
!116 = !DILocation(line: 17, column: 73, scope: !114)
!117 = !DILocation(line: 17, column: 60, scope: !110)
!118 = !DILocation(line: 17, column: 84, scope: !114)
!119 = !DILocation(line: 17, column: 82, scope: !114)
!120 = !DILocation(line: 17, column: 81, scope: !114)
!121 = !DILocation(line: 17, column: 77, scope: !114)
!122 = !DILocation(line: 17, column: 60, scope: !114)
!123 = distinct !{!123, !117, !124, !125}
!124 = !DILocation(line: 17, column: 84, scope: !110)
!125 = !{!"llvm.loop.mustprogress"}
!126 = !DILocation(line: 17, column: 100, scope: !86)
!127 = !DILocation(line: 17, column: 119, scope: !86)
!128 = !DILocation(line: 17, column: 112, scope: !86)
!129 = distinct !DISubprogram(name: "f", scope: !3, file: !3, line: 18, type: !130, scopeLine: 18, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !45)
!130 = !DISubroutineType(types: !131)
!131 = !{!132, !132, !133}
!132 = !DIBasicType(name: "double", size: 64, encoding: DW_ATE_float)
!133 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!134 = !DILocalVariable(name: "x", arg: 1, scope: !129, file: !3, line: 18, type: !132)
!135 = !DILocation(line: 18, column: 17, scope: !129)
!136 = !DILocalVariable(name: "y", arg: 2, scope: !129, file: !3, line: 18, type: !133)
!137 = !DILocation(line: 18, column: 26, scope: !129)
!138 = !DILocation(line: 18, column: 38, scope: !129)
!139 = !DILocation(line: 18, column: 40, scope: !129)
!140 = !DILocation(line: 18, column: 42, scope: !129)
!141 = !DILocation(line: 18, column: 31, scope: !129)
!142 = !DILocalVariable(name: "argc", arg: 1, scope: !40, file: !3, line: 19, type: !7)
!143 = !DILocation(line: 19, column: 14, scope: !40)
!144 = !DILocalVariable(name: "argv", arg: 2, scope: !40, file: !3, line: 19, type: !43)
!145 = !DILocation(line: 19, column: 27, scope: !40)
!146 = !DILocalVariable(name: "s", scope: !40, file: !3, line: 20, type: !11)
!147 = !DILocation(line: 20, column: 12, scope: !40)
!148 = !DILocation(line: 20, column: 16, scope: !40)
!149 = !DILocalVariable(name: "b", scope: !40, file: !3, line: 20, type: !150)
!150 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "B", file: !3, line: 8, size: 32, elements: !151)
!151 = !{!152, !153, !154}
!152 = !DIDerivedType(tag: DW_TAG_member, name: "x", scope: !150, file: !3, line: 8, baseType: !99, size: 3, flags: DIFlagBitField, extraData: i64 0)
!153 = !DIDerivedType(tag: DW_TAG_member, name: "y", scope: !150, file: !3, line: 8, baseType: !99, size: 5, offset: 3, flags: DIFlagBitField, extraData: i64 0)
!154 = !DIDerivedType(tag: DW_TAG_member, name: "z", scope: !150, file: !3, line: 8, baseType: !7, size: 20, offset: 8, flags: DIFlagBitField, extraData: i64 0)
!155 = !DILocation(line: 20, column: 29, scope: !40)
!156 = !DILocalVariable(name: "u", scope: !40, file: !3, line: 20, type: !157)
!157 = distinct !DICompositeType(tag: DW_TAG_union_type, name: "U", file: !3, line: 7, size: 32, elements: !158)
!158 = !{!159, !160}
!159 = !DIDerivedType(tag: DW_TAG_member, name: "i", scope: !157, file: !3, line: 7, baseType: !7, size: 32)
!160 = !DIDerivedType(tag: DW_TAG_member, name: "f", scope: !157, file: !3, line: 7, baseType: !133, size: 32)
!161 = !DILocation(line: 20, column: 50, scope: !40)
!162 = !DILocation(line: 20, column: 57, scope: !40)
!163 = !DILocalVariable(name: "buf", scope: !40, file: !3, line: 21, type: !164)
!164 = !DICompositeType(tag: DW_TAG_array_type, baseType: !15, size: 256, elements: !165)
!165 = !{!166}
!166 = !DISubrange(count: 32)
!167 = !DILocation(line: 21, column: 8, scope: !40)
!168 = !DILocation(line: 21, column: 24, scope: !40)
!169 = !DILocation(line: 21, column: 29, scope: !40)
!170 = !DILocation(line: 21, column: 17, scope: !40)
!171 = !DILocation(line: 22, column: 11, scope: !40)
!172 = !DILocation(line: 22, column: 3, scope: !40)
!173 = !DILocation(line: 22, column: 42, scope: !174)
!174 = distinct !DILexicalBlock(scope: !40, file: !3, line: 22, column: 17)
!175 = !DILocation(line: 22, column: 27, scope: !174)
!176 = !DILocation(line: 22, column: 57, scope: !174)
!177 = !DILocation(line: 22, column: 72, scope: !174)
!178 = !DILocation(line: 22, column: 94, scope: !174)
!179 = !DILocation(line: 22, column: 98, scope: !174)
!180 = !DILocalVariable(name: "i", scope: !181, file: !3, line: 23, type: !7)
!181 = distinct !DILexicalBlock(scope: !40, file: !3, line: 23, column: 3)
!182 = !DILocation(line: 23, column: 12, scope: !181)
!183 = !DILocation(line: 23, column: 8, scope: !181)
!184 = !DILocation(line: 23, column: 19, scope: !185)
!185 = distinct !DILexicalBlock(scope: !181, file: !3, line: 23, column: 3)
!186 = !DILocation(line: 23, column: 21, scope: !185)
!187 = !DILocation(line: 23, column: 3, scope: !181)
!188 = !DILocation(line: 23, column: 42, scope: !185)
!189 = !DILocation(line: 23, column: 46, scope: !185)
!190 = !DILocation(line: 23, column: 44, scope: !185)
!191 = !DILocation(line: 23, column: 36, scope: !185)
!192 = !DILocation(line: 23, column: 32, scope: !185)
!193 = !DILocation(line: 23, column: 39, scope: !185)
!194 = !DILocation(line: 23, column: 28, scope: !185)
!195 = !DILocation(line: 23, column: 3, scope: !185)
!196 = distinct !{!196, !187, !197, !125}
!197 = !DILocation(line: 23, column: 46, scope: !181)
!198 = !DILocalVariable(name: "big", scope: !40, file: !3, line: 24, type: !199)
!199 = !DIBasicType(name: "unsigned long long", size: 64, encoding: DW_ATE_unsigned)
!200 = !DILocation(line: 24, column: 22, scope: !40)
!201 = !DILocation(line: 24, column: 28, scope: !40)
!202 = !DILocation(line: 24, column: 38, scope: !40)
!203 = !DILocalVariable(name: "sh", scope: !40, file: !3, line: 24, type: !6)
!204 = !DILocation(line: 24, column: 52, scope: !40)
!205 = !DILocation(line: 24, column: 64, scope: !40)
!206 = !DILocation(line: 24, column: 57, scope: !40)
!207 = !DILocation(line: 26, column: 13, scope: !40)
!208 = !DILocation(line: 26, column: 18, scope: !40)
!209 = !DILocation(line: 26, column: 9, scope: !40)
!210 = !DILocation(line: 26, column: 3, scope: !40)
!211 = !DILabel(scope: !40, name: "l2", file: !3, line: 27)
!212 = !DILocation(line: 27, column: 1, scope: !40)
!213 = !DILocation(line: 27, column: 35, scope: !40)
!214 = !DILocation(line: 27, column: 39, scope: !40)
!215 = !DILocation(line: 27, column: 29, scope: !40)
!216 = !DILocation(line: 27, column: 44, scope: !40)
!217 = !DILocation(line: 27, column: 51, scope: !40)
!218 = !DILocation(line: 27, column: 60, scope: !40)
!219 = !DILocation(line: 27, column: 58, scope: !40)
!220 = !DILocation(line: 27, column: 78, scope: !40)
!221 = !DILocation(line: 27, column: 73, scope: !40)
!222 = !DILocation(line: 27, column: 85, scope: !40)
!223 = !DILocation(line: 27, column: 81, scope: !40)
!224 = !DILocation(line: 27, column: 91, scope: !40)
!225 = !DILocation(line: 27, column: 87, scope: !40)
!226 = !DILocation(line: 27, column: 5, scope: !40)
!227 = !DILabel(scope: !40, name: "end", file: !3, line: 28)
!228 = !DILocation(line: 28, column: 1, scope: !40)
!229 = !DILocation(line: 29, column: 12, scope: !40)
!230 = !DILocation(line: 29, column: 3, scope: !40)
