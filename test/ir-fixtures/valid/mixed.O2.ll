; ModuleID = 'mixed.c'
source_filename = "mixed.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i8, i64, ptr }
%struct.__va_list_tag = type { i32, i32, ptr, ptr }

@arr = dso_local global [10 x i32] [i32 1, i32 2, i32 3, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0], align 16, !dbg !0
@gs = dso_local global %struct.S { i32 1, i8 120, i64 3, ptr @gs }, align 8, !dbg !9
@addr = dso_local local_unnamed_addr global i64 ptrtoint (ptr getelementptr inbounds (i8, ptr @arr, i64 12) to i64), align 8, !dbg !19
@pa = dso_local local_unnamed_addr global ptr getelementptr inbounds (i8, ptr @arr, i64 12), align 8, !dbg !21
@fps = dso_local local_unnamed_addr global [2 x ptr] [ptr @sq, ptr null], align 16, !dbg !24
@.str = private unnamed_addr constant [4 x i8] c"%d\0A\00", align 1, !dbg !33
@main.lbl = internal unnamed_addr constant [2 x ptr] [ptr blockaddress(@main, %47), ptr blockaddress(@main, %37)], align 16, !dbg !38
@.str.1 = private unnamed_addr constant [13 x i8] c"%s %d %f %d\0A\00", align 1, !dbg !75
@names.rel = internal unnamed_addr constant [3 x i32] [i32 trunc (i64 sub (i64 ptrtoint (ptr @.str.2 to i64), i64 ptrtoint (ptr @names.rel to i64)) to i32), i32 trunc (i64 sub (i64 ptrtoint (ptr @.str.3 to i64), i64 ptrtoint (ptr @names.rel to i64)) to i32), i32 trunc (i64 sub (i64 ptrtoint (ptr @.str.4 to i64), i64 ptrtoint (ptr @names.rel to i64)) to i32)], align 4
@.str.2 = private unnamed_addr constant [2 x i8] c"a\00", align 1, !dbg !80
@.str.3 = private unnamed_addr constant [3 x i8] c"bb\00", align 1, !dbg !83
@.str.4 = private unnamed_addr constant [4 x i8] c"ccc\00", align 1, !dbg !88

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define internal i32 @sq(i32 noundef %0) #0 !dbg !106 {
    #dbg_value(i32 %0, !108, !DIExpression(), !109)
  %2 = mul nsw i32 %0, %0, !dbg !110
  ret i32 %2, !dbg !111
}

; Function Attrs: nofree norecurse nosync nounwind uwtable
define dso_local i32 @sum(i32 noundef %0, ...) local_unnamed_addr #1 !dbg !112 {
  %2 = alloca [1 x %struct.__va_list_tag], align 16, !DIAssignID !133
    #dbg_assign(i1 undef, !117, !DIExpression(), !133, ptr %2, !DIExpression(), !134)
    #dbg_value(i32 %0, !116, !DIExpression(), !134)
  call void @llvm.lifetime.start.p0(i64 24, ptr nonnull %2) #8, !dbg !135
  call void @llvm.va_start.p0(ptr nonnull %2), !dbg !136
    #dbg_value(i32 0, !130, !DIExpression(), !134)
    #dbg_value(i32 0, !131, !DIExpression(), !137)
    #dbg_value(i32 0, !131, !DIExpression(), !137)
    #dbg_value(i32 0, !130, !DIExpression(), !134)
  %3 = icmp sgt i32 %0, 0, !dbg !138
  br i1 %3, label %4, label %32, !dbg !140

4:                                                ; preds = %1
  %5 = load i32, ptr %2, align 16
  %6 = getelementptr inbounds i8, ptr %2, i64 8
  %7 = getelementptr inbounds i8, ptr %2, i64 16
  %8 = load ptr, ptr %7, align 16
  %9 = load ptr, ptr %6, align 8
  %10 = and i32 %0, 1, !dbg !140
  %11 = icmp eq i32 %0, 1, !dbg !140
  br i1 %11, label %14, label %12, !dbg !140

12:                                               ; preds = %4
  %13 = and i32 %0, 2147483646, !dbg !140
  br label %34, !dbg !140

14:                                               ; preds = %59, %4
  %15 = phi i32 [ poison, %4 ], [ %64, %59 ]
  %16 = phi ptr [ %9, %4 ], [ %60, %59 ]
  %17 = phi i32 [ 0, %4 ], [ %64, %59 ]
  %18 = phi i32 [ %5, %4 ], [ %61, %59 ]
  %19 = icmp eq i32 %10, 0, !dbg !141
  br i1 %19, label %32, label %20, !dbg !141

20:                                               ; preds = %14
    #dbg_value(i32 poison, !131, !DIExpression(), !137)
    #dbg_value(i32 %17, !130, !DIExpression(), !134)
  %21 = icmp ult i32 %18, 41, !dbg !141
  br i1 %21, label %24, label %22, !dbg !141

22:                                               ; preds = %20
  %23 = getelementptr i8, ptr %16, i64 8, !dbg !141
  store ptr %23, ptr %6, align 8, !dbg !141, !DIAssignID !142
    #dbg_assign(ptr %23, !117, !DIExpression(DW_OP_LLVM_fragment, 64, 64), !142, ptr %6, !DIExpression(), !134)
  br label %28, !dbg !141

24:                                               ; preds = %20
  %25 = zext nneg i32 %18 to i64, !dbg !141
  %26 = getelementptr i8, ptr %8, i64 %25, !dbg !141
  %27 = add nuw nsw i32 %18, 8, !dbg !141
  store i32 %27, ptr %2, align 16, !dbg !141, !DIAssignID !143
    #dbg_assign(i32 %27, !117, !DIExpression(DW_OP_LLVM_fragment, 0, 32), !143, ptr %2, !DIExpression(), !134)
  br label %28, !dbg !141

28:                                               ; preds = %24, %22
  %29 = phi ptr [ %26, %24 ], [ %16, %22 ], !dbg !141
  %30 = load i32, ptr %29, align 4, !dbg !141, !tbaa !144
  %31 = add nsw i32 %30, %17, !dbg !148
    #dbg_value(i32 %31, !130, !DIExpression(), !134)
    #dbg_value(i32 poison, !131, !DIExpression(DW_OP_plus_uconst, 1, DW_OP_stack_value), !137)
  br label %32, !dbg !149

32:                                               ; preds = %28, %14, %1
  %33 = phi i32 [ 0, %1 ], [ %15, %14 ], [ %31, %28 ], !dbg !150
  call void @llvm.va_end.p0(ptr nonnull %2), !dbg !149
  call void @llvm.lifetime.end.p0(i64 24, ptr nonnull %2) #8, !dbg !151
  ret i32 %33, !dbg !152

34:                                               ; preds = %59, %12
  %35 = phi ptr [ %9, %12 ], [ %60, %59 ]
  %36 = phi i32 [ 0, %12 ], [ %64, %59 ]
  %37 = phi i32 [ %5, %12 ], [ %61, %59 ]
  %38 = phi i32 [ 0, %12 ], [ %65, %59 ]
    #dbg_value(i32 poison, !131, !DIExpression(), !137)
    #dbg_value(i32 %36, !130, !DIExpression(), !134)
  %39 = icmp ult i32 %37, 41, !dbg !141
  br i1 %39, label %40, label %44, !dbg !141

40:                                               ; preds = %34
  %41 = zext nneg i32 %37 to i64, !dbg !141
  %42 = getelementptr i8, ptr %8, i64 %41, !dbg !141
  %43 = add nuw nsw i32 %37, 8, !dbg !141
  store i32 %43, ptr %2, align 16, !dbg !141, !DIAssignID !143
    #dbg_assign(i32 %43, !117, !DIExpression(DW_OP_LLVM_fragment, 0, 32), !143, ptr %2, !DIExpression(), !134)
  br label %46, !dbg !141

44:                                               ; preds = %34
  %45 = getelementptr i8, ptr %35, i64 8, !dbg !141
  store ptr %45, ptr %6, align 8, !dbg !141, !DIAssignID !142
    #dbg_assign(ptr %45, !117, !DIExpression(DW_OP_LLVM_fragment, 64, 64), !142, ptr %6, !DIExpression(), !134)
  br label %46, !dbg !141

46:                                               ; preds = %44, %40
  %47 = phi ptr [ %35, %40 ], [ %45, %44 ]
  %48 = phi i32 [ %43, %40 ], [ %37, %44 ]
  %49 = phi ptr [ %42, %40 ], [ %35, %44 ], !dbg !141
  %50 = load i32, ptr %49, align 4, !dbg !141, !tbaa !144
  %51 = add nsw i32 %50, %36, !dbg !148
    #dbg_value(i32 %51, !130, !DIExpression(), !134)
    #dbg_value(i32 poison, !131, !DIExpression(DW_OP_plus_uconst, 1, DW_OP_stack_value), !137)
  %52 = icmp ult i32 %48, 41, !dbg !141
  br i1 %52, label %55, label %53, !dbg !141

53:                                               ; preds = %46
  %54 = getelementptr i8, ptr %47, i64 8, !dbg !141
  store ptr %54, ptr %6, align 8, !dbg !141, !DIAssignID !142
    #dbg_assign(ptr %54, !117, !DIExpression(DW_OP_LLVM_fragment, 64, 64), !142, ptr %6, !DIExpression(), !134)
  br label %59, !dbg !141

55:                                               ; preds = %46
  %56 = zext nneg i32 %48 to i64, !dbg !141
  %57 = getelementptr i8, ptr %8, i64 %56, !dbg !141
  %58 = add nuw nsw i32 %48, 8, !dbg !141
  store i32 %58, ptr %2, align 16, !dbg !141, !DIAssignID !143
    #dbg_assign(i32 %58, !117, !DIExpression(DW_OP_LLVM_fragment, 0, 32), !143, ptr %2, !DIExpression(), !134)
  br label %59, !dbg !141

59:                                               ; preds = %55, %53
  %60 = phi ptr [ %47, %55 ], [ %54, %53 ]
  %61 = phi i32 [ %58, %55 ], [ %48, %53 ]
  %62 = phi ptr [ %57, %55 ], [ %47, %53 ], !dbg !141
  %63 = load i32, ptr %62, align 4, !dbg !141, !tbaa !144
  %64 = add nsw i32 %63, %51, !dbg !148
    #dbg_value(i32 %64, !130, !DIExpression(), !134)
    #dbg_value(i32 poison, !131, !DIExpression(DW_OP_plus_uconst, 2, DW_OP_stack_value), !137)
  %65 = add i32 %38, 2, !dbg !140
  %66 = icmp eq i32 %65, %13, !dbg !140
  br i1 %66, label %14, label %34, !dbg !140, !llvm.loop !153
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn
declare void @llvm.va_start.p0(ptr) #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture) #2

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn
declare void @llvm.va_end.p0(ptr) #3

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable
define dso_local noundef double @f(double noundef %0, float noundef %1) local_unnamed_addr #0 !dbg !156 {
    #dbg_value(double %0, !161, !DIExpression(), !163)
    #dbg_value(float %1, !162, !DIExpression(), !163)
  %3 = fpext float %1 to double, !dbg !164
  %4 = tail call double @llvm.fmuladd.f64(double %0, double %3, double 1.500000e+00), !dbg !165
  ret double %4, !dbg !166
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fmuladd.f64(double, double, double) #4

; Function Attrs: nounwind uwtable
define dso_local i32 @main(i32 noundef %0, ptr nocapture readnone %1) #5 !dbg !40 {
    #dbg_assign(i1 undef, !48, !DIExpression(DW_OP_LLVM_fragment, 32, 160), !167, ptr undef, !DIExpression(), !168)
    #dbg_assign(i1 undef, !62, !DIExpression(), !169, ptr undef, !DIExpression(), !168)
    #dbg_value(i32 %0, !46, !DIExpression(), !168)
    #dbg_value(ptr poison, !47, !DIExpression(), !168)
  %3 = load i32, ptr @gs, align 8, !dbg !170, !tbaa !144
    #dbg_value(i32 %3, !48, !DIExpression(DW_OP_LLVM_fragment, 0, 32), !168)
    #dbg_assign(i1 undef, !48, !DIExpression(DW_OP_LLVM_fragment, 32, 160), !171, ptr undef, !DIExpression(), !168)
    #dbg_value(i32 785, !49, !DIExpression(), !168)
    #dbg_value(i32 1065353216, !56, !DIExpression(), !168)
  switch i32 %0, label %7 [
    i32 1, label %4
    i32 5, label %47
  ], !dbg !172

4:                                                ; preds = %2
  %5 = tail call i32 (i32, ...) @sum(i32 noundef 3, i32 noundef 1, i32 noundef 2, i32 noundef 3), !dbg !173
  %6 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i32 noundef %5), !dbg !175
  br label %7, !dbg !176

7:                                                ; preds = %2, %4
  %8 = phi i32 [ 1065353217, %4 ], [ 1065353218, %2 ], !dbg !168
    #dbg_value(i32 %8, !49, !DIExpression(), !168)
    #dbg_value(i32 0, !66, !DIExpression(), !177)
    #dbg_value(i64 0, !66, !DIExpression(), !177)
    #dbg_value(i64 1, !66, !DIExpression(), !177)
    #dbg_value(i64 2, !66, !DIExpression(), !177)
  %9 = shl i32 %0, 1, !dbg !178
    #dbg_value(i64 3, !66, !DIExpression(), !177)
  %10 = mul i32 %0, 3, !dbg !178
    #dbg_value(i64 4, !66, !DIExpression(), !177)
  %11 = shl i32 %0, 2, !dbg !178
  %12 = load <4 x i32>, ptr getelementptr inbounds (i8, ptr @arr, i64 4), align 4, !dbg !180, !tbaa !144
  %13 = insertelement <4 x i32> poison, i32 %0, i64 0, !dbg !180
  %14 = insertelement <4 x i32> %13, i32 %9, i64 1, !dbg !180
  %15 = insertelement <4 x i32> %14, i32 %10, i64 2, !dbg !180
  %16 = insertelement <4 x i32> %15, i32 %11, i64 3, !dbg !180
  %17 = add nsw <4 x i32> %12, %16, !dbg !180
  store <4 x i32> %17, ptr getelementptr inbounds (i8, ptr @arr, i64 4), align 4, !dbg !180, !tbaa !144
    #dbg_value(i64 5, !66, !DIExpression(), !177)
  %18 = mul i32 %0, 5, !dbg !178
  %19 = load i32, ptr getelementptr inbounds (i8, ptr @arr, i64 20), align 4, !dbg !180, !tbaa !144
  %20 = add nsw i32 %19, %18, !dbg !180
  store i32 %20, ptr getelementptr inbounds (i8, ptr @arr, i64 20), align 4, !dbg !180, !tbaa !144
    #dbg_value(i64 6, !66, !DIExpression(), !177)
  %21 = mul i32 %0, 6, !dbg !178
  %22 = load i32, ptr getelementptr inbounds (i8, ptr @arr, i64 24), align 8, !dbg !180, !tbaa !144
  %23 = add nsw i32 %22, %21, !dbg !180
  store i32 %23, ptr getelementptr inbounds (i8, ptr @arr, i64 24), align 8, !dbg !180, !tbaa !144
    #dbg_value(i64 7, !66, !DIExpression(), !177)
  %24 = mul i32 %0, 7, !dbg !178
  %25 = load i32, ptr getelementptr inbounds (i8, ptr @arr, i64 28), align 4, !dbg !180, !tbaa !144
  %26 = add nsw i32 %25, %24, !dbg !180
  store i32 %26, ptr getelementptr inbounds (i8, ptr @arr, i64 28), align 4, !dbg !180, !tbaa !144
    #dbg_value(i64 8, !66, !DIExpression(), !177)
  %27 = shl i32 %0, 3, !dbg !178
  %28 = load i32, ptr getelementptr inbounds (i8, ptr @arr, i64 32), align 16, !dbg !180, !tbaa !144
  %29 = add nsw i32 %28, %27, !dbg !180
  store i32 %29, ptr getelementptr inbounds (i8, ptr @arr, i64 32), align 16, !dbg !180, !tbaa !144
    #dbg_value(i64 9, !66, !DIExpression(), !177)
  %30 = mul i32 %0, 9, !dbg !178
  %31 = load i32, ptr getelementptr inbounds (i8, ptr @arr, i64 36), align 4, !dbg !180, !tbaa !144
  %32 = add nsw i32 %31, %30, !dbg !180
  store i32 %32, ptr getelementptr inbounds (i8, ptr @arr, i64 36), align 4, !dbg !180, !tbaa !144
    #dbg_value(i64 10, !66, !DIExpression(), !177)
    #dbg_value(i64 undef, !68, !DIExpression(DW_OP_constu, 40, DW_OP_shl, DW_OP_stack_value), !168)
    #dbg_value(i64 undef, !70, !DIExpression(DW_OP_constu, 40, DW_OP_shl, DW_OP_LLVM_convert, 64, DW_ATE_unsigned, DW_OP_LLVM_convert, 16, DW_ATE_unsigned, DW_OP_stack_value), !168)
  %33 = and i32 %0, 1, !dbg !181
  %34 = zext nneg i32 %33 to i64, !dbg !182
  %35 = getelementptr inbounds [2 x ptr], ptr @main.lbl, i64 0, i64 %34, !dbg !182
  %36 = load ptr, ptr %35, align 8, !dbg !182, !tbaa !183
  indirectbr ptr %36, [label %47, label %37]

37:                                               ; preds = %7
    #dbg_value(i16 0, !70, !DIExpression(), !168)
    #dbg_label(!71, !185)
  %38 = srem i32 %0, 3, !dbg !186
  %39 = sext i32 %38 to i64, !dbg !187
  %40 = shl i64 %39, 2, !dbg !187
  %41 = call ptr @llvm.load.relative.i64(ptr @names.rel, i64 %40), !dbg !187
  %42 = load ptr, ptr @fps, align 16, !dbg !188, !tbaa !183
  %43 = tail call i32 %42(i32 noundef %0) #8, !dbg !188
  %44 = sitofp i32 %0 to double, !dbg !189
    #dbg_value(double %44, !161, !DIExpression(), !190)
    #dbg_value(float 2.000000e+00, !162, !DIExpression(), !190)
  %45 = tail call noundef double @llvm.fmuladd.f64(double %44, double 2.000000e+00, double 1.500000e+00), !dbg !192
  %46 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.1, ptr noundef %41, i32 noundef %43, double noundef %45, i32 noundef %8), !dbg !193
  br label %47, !dbg !193

47:                                               ; preds = %2, %37, %7
    #dbg_label(!72, !194)
  ret i32 %3, !dbg !195
}

; Function Attrs: nofree nounwind
declare !dbg !196 noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr #6

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(argmem: read)
declare ptr @llvm.load.relative.i64(ptr, i64) #7

attributes #0 = { mustprogress nofree norecurse nosync nounwind willreturn memory(none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nofree norecurse nosync nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #3 = { mustprogress nocallback nofree nosync nounwind willreturn }
attributes #4 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #5 = { nounwind uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { nofree nounwind "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #7 = { nocallback nofree nosync nounwind willreturn memory(argmem: read) }
attributes #8 = { nounwind }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!98, !99, !100, !101, !102, !103, !104}
!llvm.ident = !{!105}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "arr", scope: !2, file: !3, line: 10, type: !95, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_C11, file: !3, producer: "Debian clang version 19.1.7 (3~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, retainedTypes: !4, globals: !8, splitDebugInlining: false, nameTableKind: None)
!3 = !DIFile(filename: "mixed.c", directory: ".", checksumkind: CSK_MD5, checksum: "6270f8c274eefeaae85641259788e6a8")
!4 = !{!5, !6, !7}
!5 = !DIBasicType(name: "long", size: 64, encoding: DW_ATE_signed)
!6 = !DIBasicType(name: "short", size: 16, encoding: DW_ATE_signed)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !{!0, !9, !19, !21, !24, !33, !38, !75, !80, !83, !88, !90}
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
!39 = distinct !DIGlobalVariable(name: "lbl", scope: !40, file: !3, line: 25, type: !73, isLocal: true, isDefinition: true)
!40 = distinct !DISubprogram(name: "main", scope: !3, file: !3, line: 19, type: !41, scopeLine: 19, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !45)
!41 = !DISubroutineType(types: !42)
!42 = !{!7, !7, !43}
!43 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !44, size: 64)
!44 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !15, size: 64)
!45 = !{!46, !47, !48, !49, !56, !62, !66, !68, !70, !71, !72}
!46 = !DILocalVariable(name: "argc", arg: 1, scope: !40, file: !3, line: 19, type: !7)
!47 = !DILocalVariable(name: "argv", arg: 2, scope: !40, file: !3, line: 19, type: !43)
!48 = !DILocalVariable(name: "s", scope: !40, file: !3, line: 20, type: !11)
!49 = !DILocalVariable(name: "b", scope: !40, file: !3, line: 20, type: !50)
!50 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "B", file: !3, line: 8, size: 32, elements: !51)
!51 = !{!52, !54, !55}
!52 = !DIDerivedType(tag: DW_TAG_member, name: "x", scope: !50, file: !3, line: 8, baseType: !53, size: 3, flags: DIFlagBitField, extraData: i64 0)
!53 = !DIBasicType(name: "unsigned int", size: 32, encoding: DW_ATE_unsigned)
!54 = !DIDerivedType(tag: DW_TAG_member, name: "y", scope: !50, file: !3, line: 8, baseType: !53, size: 5, offset: 3, flags: DIFlagBitField, extraData: i64 0)
!55 = !DIDerivedType(tag: DW_TAG_member, name: "z", scope: !50, file: !3, line: 8, baseType: !7, size: 20, offset: 8, flags: DIFlagBitField, extraData: i64 0)
!56 = !DILocalVariable(name: "u", scope: !40, file: !3, line: 20, type: !57)
!57 = distinct !DICompositeType(tag: DW_TAG_union_type, name: "U", file: !3, line: 7, size: 32, elements: !58)
!58 = !{!59, !60}
!59 = !DIDerivedType(tag: DW_TAG_member, name: "i", scope: !57, file: !3, line: 7, baseType: !7, size: 32)
!60 = !DIDerivedType(tag: DW_TAG_member, name: "f", scope: !57, file: !3, line: 7, baseType: !61, size: 32)
!61 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!62 = !DILocalVariable(name: "buf", scope: !40, file: !3, line: 21, type: !63)
!63 = !DICompositeType(tag: DW_TAG_array_type, baseType: !15, size: 256, elements: !64)
!64 = !{!65}
!65 = !DISubrange(count: 32)
!66 = !DILocalVariable(name: "i", scope: !67, file: !3, line: 23, type: !7)
!67 = distinct !DILexicalBlock(scope: !40, file: !3, line: 23, column: 3)
!68 = !DILocalVariable(name: "big", scope: !40, file: !3, line: 24, type: !69)
!69 = !DIBasicType(name: "unsigned long long", size: 64, encoding: DW_ATE_unsigned)
!70 = !DILocalVariable(name: "sh", scope: !40, file: !3, line: 24, type: !6)
!71 = !DILabel(scope: !40, name: "l2", file: !3, line: 27)
!72 = !DILabel(scope: !40, name: "end", file: !3, line: 28)
!73 = !DICompositeType(tag: DW_TAG_array_type, baseType: !74, size: 128, elements: !31)
!74 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null, size: 64)
!75 = !DIGlobalVariableExpression(var: !76, expr: !DIExpression())
!76 = distinct !DIGlobalVariable(scope: null, file: !3, line: 27, type: !77, isLocal: true, isDefinition: true)
!77 = !DICompositeType(tag: DW_TAG_array_type, baseType: !15, size: 104, elements: !78)
!78 = !{!79}
!79 = !DISubrange(count: 13)
!80 = !DIGlobalVariableExpression(var: !81, expr: !DIExpression())
!81 = distinct !DIGlobalVariable(scope: null, file: !3, line: 9, type: !82, isLocal: true, isDefinition: true)
!82 = !DICompositeType(tag: DW_TAG_array_type, baseType: !15, size: 16, elements: !31)
!83 = !DIGlobalVariableExpression(var: !84, expr: !DIExpression())
!84 = distinct !DIGlobalVariable(scope: null, file: !3, line: 9, type: !85, isLocal: true, isDefinition: true)
!85 = !DICompositeType(tag: DW_TAG_array_type, baseType: !15, size: 24, elements: !86)
!86 = !{!87}
!87 = !DISubrange(count: 3)
!88 = !DIGlobalVariableExpression(var: !89, expr: !DIExpression())
!89 = distinct !DIGlobalVariable(scope: null, file: !3, line: 9, type: !35, isLocal: true, isDefinition: true)
!90 = !DIGlobalVariableExpression(var: !91, expr: !DIExpression())
!91 = distinct !DIGlobalVariable(name: "names", scope: !2, file: !3, line: 9, type: !92, isLocal: true, isDefinition: true)
!92 = !DICompositeType(tag: DW_TAG_array_type, baseType: !93, size: 192, elements: !86)
!93 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !94, size: 64)
!94 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !15)
!95 = !DICompositeType(tag: DW_TAG_array_type, baseType: !7, size: 320, elements: !96)
!96 = !{!97}
!97 = !DISubrange(count: 10)
!98 = !{i32 7, !"Dwarf Version", i32 5}
!99 = !{i32 2, !"Debug Info Version", i32 3}
!100 = !{i32 1, !"wchar_size", i32 4}
!101 = !{i32 8, !"PIC Level", i32 2}
!102 = !{i32 7, !"PIE Level", i32 2}
!103 = !{i32 7, !"uwtable", i32 2}
!104 = !{i32 7, !"debug-info-assignment-tracking", i1 true}
!105 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!106 = distinct !DISubprogram(name: "sq", scope: !3, file: !3, line: 15, type: !29, scopeLine: 15, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !107)
!107 = !{!108}
!108 = !DILocalVariable(name: "x", arg: 1, scope: !106, file: !3, line: 15, type: !7)
!109 = !DILocation(line: 0, scope: !106)
!110 = !DILocation(line: 15, column: 32, scope: !106)
!111 = !DILocation(line: 15, column: 24, scope: !106)
!112 = distinct !DISubprogram(name: "sum", scope: !3, file: !3, line: 17, type: !113, scopeLine: 17, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !115)
!113 = !DISubroutineType(types: !114)
!114 = !{!7, !7, null}
!115 = !{!116, !117, !130, !131}
!116 = !DILocalVariable(name: "n", arg: 1, scope: !112, file: !3, line: 17, type: !7)
!117 = !DILocalVariable(name: "ap", scope: !112, file: !3, line: 17, type: !118)
!118 = !DIDerivedType(tag: DW_TAG_typedef, name: "va_list", file: !119, line: 12, baseType: !120)
!119 = !DIFile(filename: "/usr/lib/llvm-19/lib/clang/19/include/__stdarg_va_list.h", directory: "", checksumkind: CSK_MD5, checksum: "7bd78a282b99fcfe41a9e3c566d14f7d")
!120 = !DIDerivedType(tag: DW_TAG_typedef, name: "__builtin_va_list", file: !3, baseType: !121)
!121 = !DICompositeType(tag: DW_TAG_array_type, baseType: !122, size: 192, elements: !128)
!122 = distinct !DICompositeType(tag: DW_TAG_structure_type, name: "__va_list_tag", size: 192, elements: !123)
!123 = !{!124, !125, !126, !127}
!124 = !DIDerivedType(tag: DW_TAG_member, name: "gp_offset", scope: !122, file: !3, line: 17, baseType: !53, size: 32)
!125 = !DIDerivedType(tag: DW_TAG_member, name: "fp_offset", scope: !122, file: !3, line: 17, baseType: !53, size: 32, offset: 32)
!126 = !DIDerivedType(tag: DW_TAG_member, name: "overflow_arg_area", scope: !122, file: !3, line: 17, baseType: !74, size: 64, offset: 64)
!127 = !DIDerivedType(tag: DW_TAG_member, name: "reg_save_area", scope: !122, file: !3, line: 17, baseType: !74, size: 64, offset: 128)
!128 = !{!129}
!129 = !DISubrange(count: 1)
!130 = !DILocalVariable(name: "s", scope: !112, file: !3, line: 17, type: !7)
!131 = !DILocalVariable(name: "i", scope: !132, file: !3, line: 17, type: !7)
!132 = distinct !DILexicalBlock(scope: !112, file: !3, line: 17, column: 60)
!133 = distinct !DIAssignID()
!134 = !DILocation(line: 0, scope: !112)
!135 = !DILocation(line: 17, column: 23, scope: !112)
!136 = !DILocation(line: 17, column: 35, scope: !112)
!137 = !DILocation(line: 0, scope: !132)
!138 = !DILocation(line: 17, column: 73, scope: !139)
!139 = distinct !DILexicalBlock(scope: !132, file: !3, line: 17, column: 60)
!140 = !DILocation(line: 17, column: 60, scope: !132)
!141 = !DILocation(line: 17, column: 84, scope: !139)
!142 = distinct !DIAssignID()
!143 = distinct !DIAssignID()
!144 = !{!145, !145, i64 0}
!145 = !{!"int", !146, i64 0}
!146 = !{!"omnipotent char", !147, i64 0}
!147 = !{!"Simple C/C++ TBAA"}
!148 = !DILocation(line: 17, column: 82, scope: !139)
!149 = !DILocation(line: 17, column: 100, scope: !112)
!150 = !DILocation(line: 17, scope: !112)
!151 = !DILocation(line: 17, column: 122, scope: !112)
!152 = !DILocation(line: 17, column: 112, scope: !112)
!153 = distinct !{!153, !140, !154, !155}
!154 = !DILocation(line: 17, column: 84, scope: !132)
!155 = !{!"llvm.loop.mustprogress"}
!156 = distinct !DISubprogram(name: "f", scope: !3, file: !3, line: 18, type: !157, scopeLine: 18, flags: DIFlagPrototyped | DIFlagAllCallsDescribed, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !2, retainedNodes: !160)
!157 = !DISubroutineType(types: !158)
!158 = !{!159, !159, !61}
!159 = !DIBasicType(name: "double", size: 64, encoding: DW_ATE_float)
!160 = !{!161, !162}
!161 = !DILocalVariable(name: "x", arg: 1, scope: !156, file: !3, line: 18, type: !159)
!162 = !DILocalVariable(name: "y", arg: 2, scope: !156, file: !3, line: 18, type: !61)
!163 = !DILocation(line: 0, scope: !156)
!164 = !DILocation(line: 18, column: 40, scope: !156)
!165 = !DILocation(line: 18, column: 42, scope: !156)
!166 = !DILocation(line: 18, column: 31, scope: !156)
!167 = distinct !DIAssignID()
!168 = !DILocation(line: 0, scope: !40)
!169 = distinct !DIAssignID()
!170 = !DILocation(line: 20, column: 16, scope: !40)
!171 = distinct !DIAssignID()
!172 = !DILocation(line: 22, column: 3, scope: !40)
!173 = !DILocation(line: 22, column: 42, scope: !174)
!174 = distinct !DILexicalBlock(scope: !40, file: !3, line: 22, column: 17)
!175 = !DILocation(line: 22, column: 27, scope: !174)
!176 = !DILocation(line: 22, column: 57, scope: !174)
!177 = !DILocation(line: 0, scope: !67)
!178 = !DILocation(line: 23, column: 44, scope: !179)
!179 = distinct !DILexicalBlock(scope: !67, file: !3, line: 23, column: 3)
!180 = !DILocation(line: 23, column: 39, scope: !179)
!181 = !DILocation(line: 26, column: 18, scope: !40)
!182 = !DILocation(line: 26, column: 9, scope: !40)
!183 = !{!184, !184, i64 0}
!184 = !{!"any pointer", !146, i64 0}
!185 = !DILocation(line: 27, column: 1, scope: !40)
!186 = !DILocation(line: 27, column: 39, scope: !40)
!187 = !DILocation(line: 27, column: 29, scope: !40)
!188 = !DILocation(line: 27, column: 44, scope: !40)
!189 = !DILocation(line: 27, column: 60, scope: !40)
!190 = !DILocation(line: 0, scope: !156, inlinedAt: !191)
!191 = distinct !DILocation(line: 27, column: 58, scope: !40)
!192 = !DILocation(line: 18, column: 42, scope: !156, inlinedAt: !191)
!193 = !DILocation(line: 27, column: 5, scope: !40)
!194 = !DILocation(line: 28, column: 1, scope: !40)
!195 = !DILocation(line: 29, column: 3, scope: !40)
!196 = !DISubprogram(name: "printf", scope: !197, file: !197, line: 356, type: !198, flags: DIFlagPrototyped, spFlags: DISPFlagOptimized)
!197 = !DIFile(filename: "/usr/include/stdio.h", directory: "", checksumkind: CSK_MD5, checksum: "b5a90985555f47bfb88eff5a8f0f5b72")
!198 = !DISubroutineType(types: !199)
!199 = !{!7, !200, null}
!200 = !DIDerivedType(tag: DW_TAG_restrict_type, baseType: !93)
