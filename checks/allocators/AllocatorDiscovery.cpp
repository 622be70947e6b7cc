//===--- AllocatorDiscovery.cpp -------------------------------------------===//

#include "allocators/AllocatorDiscovery.h"
#include "analysis/expressions/SizeExpressions.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/CharInfo.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

namespace clang::tidy::calloc {

//===----------------------------------------------------------------------===//
// Types and names
//===----------------------------------------------------------------------===//

/// A pointer to memory counted in bytes: `void *`, or a pointer to a
/// character type.
static bool returnsBytePointer(const FunctionProtoType *Proto) {
  QualType Result = Proto->getReturnType();
  if (!Result->isPointerType())
    return false;
  QualType Pointee = Result->getPointeeType().getCanonicalType();
  return Pointee->isVoidType() || Pointee->isCharType() ||
         Pointee->isSpecificBuiltinType(BuiltinType::UChar) ||
         Pointee->isSpecificBuiltinType(BuiltinType::SChar);
}

/// An integer type as wide as `size_t`: wide enough to count the bytes of
/// any object.
static bool isByteCountType(QualType T, const ASTContext &Ctx) {
  T = T.getCanonicalType();
  if (!T->isIntegerType() || T->isBooleanType() || T->isEnumeralType() ||
      T->isAnyCharacterType() || T->isDependentType())
    return false;
  return Ctx.getTypeSize(T) >= Ctx.getTypeSize(Ctx.getSizeType());
}

/// The function type \p Loc spells, through pointers, parentheses,
/// attributes, qualifiers and typedefs.
static FunctionProtoTypeLoc functionTypeLoc(TypeLoc Loc) {
  for (unsigned Depth = 0; Loc && Depth < 16; ++Depth) {
    if (auto F = Loc.getAs<FunctionProtoTypeLoc>())
      return F;
    if (auto Typedef = Loc.getAs<TypedefTypeLoc>()) {
      const TypeSourceInfo *TSI =
          Typedef.getTypePtr()->getDecl()->getTypeSourceInfo();
      if (!TSI)
        break;
      Loc = TSI->getTypeLoc();
    } else {
      // Pointers, parentheses, attributes, qualifiers, elaboration.
      Loc = Loc.getNextTypeLoc();
    }
  }
  return {};
}

/// The name of parameter \p Index of \p Callee as declared, lower case and
/// without leading underscores; empty when not named.
static std::string parameterName(const ValueDecl *Callee, unsigned Index) {
  const ParmVarDecl *Param = nullptr;
  if (const auto *FD = dyn_cast<FunctionDecl>(Callee)) {
    if (Index < FD->getNumParams())
      Param = FD->getParamDecl(Index);
  } else if (const auto *DD = dyn_cast<DeclaratorDecl>(Callee)) {
    if (const TypeSourceInfo *TSI = DD->getTypeSourceInfo())
      if (FunctionProtoTypeLoc F = functionTypeLoc(TSI->getTypeLoc());
          F && Index < F.getNumParams())
        Param = F.getParam(Index);
  }
  if (!Param || !Param->getIdentifier())
    return "";
  return Param->getName().ltrim('_').lower();
}

static bool isByteCountName(llvm::StringRef Name) {
  static constexpr llvm::StringLiteral Names[] = {
      "size",  "nsize",  "newsize", "new_size", "sz",
      "bytes", "nbytes", "nbyte",   "len",      "length"};
  return llvm::is_contained(Names, Name);
}

static bool isElementCountName(llvm::StringRef Name) {
  return Name == "n" || Name.contains("count") || Name.contains("nmemb") ||
         Name.starts_with("num") || Name.starts_with("nelem") ||
         Name.starts_with("nitem") || Name.contains("block");
}

/// The parameter of \p Callee that is its byte count: the one integer
/// parameter as wide as `size_t`, or, among several, the one named like a
/// byte count (`nsize` beside `osize`) when none is named like an element
/// count (`calloc`'s `nmemb`).
static std::optional<unsigned>
byteCountParameter(const ValueDecl *Callee, const FunctionProtoType *Proto,
                   const ASTContext &Ctx) {
  llvm::SmallVector<unsigned, 4> Wide;
  for (unsigned I = 0; I < Proto->getNumParams(); ++I)
    if (isByteCountType(Proto->getParamType(I), Ctx))
      Wide.push_back(I);
  if (Wide.size() <= 1)
    return Wide.empty() ? std::nullopt : std::optional<unsigned>(Wide[0]);
  std::optional<unsigned> Chosen;
  for (unsigned I : Wide) {
    std::string Name = parameterName(Callee, I);
    if (isElementCountName(Name))
      return std::nullopt;
    if (!isByteCountName(Name))
      continue;
    if (Chosen)
      return std::nullopt;
    Chosen = I;
  }
  return Chosen;
}

/// Whether an allocator resizes memory it is given (`realloc`): a pointer
/// comes before the size, and the name says so or another byte count (the
/// old size: Lua's `l_alloc(ud, ptr, osize, nsize)`) comes with it.
static bool resizes(const ValueDecl *Callee, const FunctionProtoType *Proto,
                    unsigned SizeArg) {
  const ASTContext &Ctx = Callee->getASTContext();
  bool PointerBefore = false;
  unsigned ByteCounts = 0;
  for (unsigned I = 0; I < Proto->getNumParams(); ++I) {
    QualType T = Proto->getParamType(I);
    PointerBefore |= I < SizeArg && T->isPointerType();
    ByteCounts += isByteCountType(T, Ctx);
  }
  bool Named = Callee->getIdentifier() &&
               Callee->getName().lower().find("realloc") != std::string::npos;
  return PointerBefore && (Named || ByteCounts > 1);
}

bool isAllocatorName(llvm::StringRef Name, const llvm::Regex &Pattern) {
  return !Name.empty() && Pattern.match(Name);
}

static bool isInStd(const Decl *D) {
  for (const DeclContext *DC = D->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC);
        NS && NS->isStdNamespace())
      return true;
  return false;
}

//===----------------------------------------------------------------------===//
// Discovery
//===----------------------------------------------------------------------===//

AllocatorDiscovery::AllocatorDiscovery(const DiscoveryOptions &Options,
                                       llvm::Regex Pattern,
                                       const AllocatorTable &Table)
    : Options(Options), Pattern(std::move(Pattern)), Table(Table),
      DefaultPattern(Options.PatternSpec ==
                     DiscoveryOptions::defaultPattern()) {}

const AllocatorFamily *AllocatorDiscovery::familyOf(const ValueDecl *Callee) {
  if (!Callee)
    return nullptr;
  const Decl *Key = Callee->getCanonicalDecl();
  if (auto It = Families.find(Key); It != Families.end())
    return It->second;
  // A wrapper that calls itself; or a chain of wrappers deeper than any
  // real one, which is not followed (and not cached) rather than risk the
  // stack.
  if (InProgress.count(Key) || InProgress.size() >= 32)
    return nullptr;
  InProgress[Key] = true;
  std::optional<AllocatorFamily> Found = discover(Callee);
  InProgress.erase(Key);
  const AllocatorFamily *Result = nullptr;
  if (Found) {
    Discovered.push_back(std::move(*Found));
    Result = &Discovered.back();
  }
  Families[Key] = Result;
  return Result;
}

bool AllocatorDiscovery::isWrapper(const FunctionDecl *Function) {
  if (!Options.Wrapper || !Function)
    return false;
  const AllocatorFamily *F = familyOf(Function);
  return F && F->Source == AllocatorSource::Wrapper;
}

static bool zeroes(const FunctionDecl *Def, const AllocatorTable &Table);
static bool namedZeroing(llvm::StringRef Name);

/// The index of the count of a calloc-like \p Function: its alloc_size(N, M)
/// count, or, for one named like an allocator, the first of two integer
/// parameters as wide as size_t that follow at most one pointer and make up
/// the rest (none named like an alignment, which is no element size).
static std::optional<unsigned> arrayCountParameter(const FunctionDecl *Function,
                                                   const llvm::Regex &Pattern,
                                                   bool ByAttribute,
                                                   bool ByName) {
  if (const auto *A = Function->getAttr<AllocSizeAttr>()) {
    if (!ByAttribute || !A->getNumElemsParam().isValid())
      return std::nullopt;
    // The product is the same either way round: the first of the two,
    // which must be adjacent, is read as the count.
    unsigned A1 = A->getElemSizeParam().getASTIndex();
    unsigned A2 = A->getNumElemsParam().getASTIndex();
    unsigned Count = std::min(A1, A2);
    if (std::max(A1, A2) != Count + 1 ||
        Count + 1 >= Function->getNumParams())
      return std::nullopt;
    return Count;
  }
  const FunctionProtoType *Proto = prototypeOf(Function);
  unsigned N = Proto ? Proto->getNumParams() : 0;
  if (!ByName || (N != 2 && N != 3) || Proto->isDependentType() ||
      !returnsBytePointer(Proto) ||
      (N == 3 && !Proto->getParamType(0)->isPointerType()))
    return std::nullopt;
  const ASTContext &Ctx = Function->getASTContext();
  for (unsigned I = N - 2; I < N; ++I)
    if (!isByteCountType(Proto->getParamType(I), Ctx) ||
        llvm::StringRef(parameterName(Function, I)).contains("align"))
      return std::nullopt;
  if (!isAllocatorName(Function->getName(), Pattern))
    return std::nullopt;
  return N - 2;
}

const AllocatorFamily *
AllocatorDiscovery::arrayFormOf(const FunctionDecl *Function) {
  if (!Function || !Function->getIdentifier() || !Options.any() ||
      Function->isInvalidDecl() || Function->isTemplated() ||
      isa<CXXMethodDecl>(Function) || isInStd(Function))
    return nullptr;
  Function = Function->getCanonicalDecl();
  auto [It, Inserted] = ArrayForms.try_emplace(Function, nullptr);
  if (!Inserted)
    return It->second;
  // A configured allocator is no array form of its own.
  if (Table.findConfigured(Function))
    return nullptr;
  std::optional<unsigned> Count = arrayCountParameter(
      Function, Pattern, Options.Attribute, Options.NameAndType);
  if (!Count)
    return nullptr;
  AllocatorFamily &F = Discovered.emplace_back();
  F.Name = Function->getName().str();
  F.CheckedArray = F.Name;
  F.NumArgs = Function->getNumParams() - 1;
  F.SizeArg = *Count;
  F.Source = Function->hasAttr<AllocSizeAttr>() ? AllocatorSource::Attribute
                                                : AllocatorSource::NameAndType;
  F.Resizes = *Count > 0;
  F.Zeroes = namedZeroing(F.Name);
  if (F.Zeroes)
    F.ZeroingArray = F.Name;
  // The array form found is the allocation's own checked form: nothing
  // says whether its definition checks the product.
  F.CheckedArrayProof = CounterpartProof::Unseen;
  It = ArrayForms.find(Function);
  It->second = &F;
  return &F;
}

/// Whether an allocator's name says it zeroes: `*calloc`, `*zalloc`,
/// `*Zero*`, `*0`, `*mallocz`.
static bool namedZeroing(llvm::StringRef Name) {
  std::string Lower = Name.lower();
  llvm::StringRef L(Lower);
  return L.contains("calloc") || L.contains("zalloc") || L.contains("zero") ||
         L.ends_with("0") || L.ends_with("mallocz");
}

std::optional<AllocatorFamily>
AllocatorDiscovery::discover(const ValueDecl *Callee) {
  if (const AllocatorFamily *Configured = Table.findConfigured(Callee)) {
    AllocatorFamily F = *Configured;
    // A function pointer may point anywhere: its counterparts, found by the
    // configured names, are offered on a note.
    if (!isa<FunctionDecl>(Callee)) {
      F.Kind = isa<FieldDecl>(Callee) ? CalleeKind::PointerField
                                      : CalleeKind::PointerVariable;
      F.CheckedArrayProof = F.ZeroingArrayProof = F.ZeroingSingleProof =
          CounterpartProof::Unseen;
    }
    return F;
  }
  if (!Options.any() || Callee->isInvalidDecl())
    return std::nullopt;
  const auto *FD = dyn_cast<FunctionDecl>(Callee);
  if (FD && (FD->getOverloadedOperator() == OO_New ||
             FD->getOverloadedOperator() == OO_Array_New)) {
    if (!FD->isReplaceableGlobalAllocationFunction() || FD->getNumParams() == 0)
      return std::nullopt;
    AllocatorFamily F;
    F.Name = FD->getNameAsString();
    F.NumArgs = FD->getNumParams();
    F.SizeArg = 0;
    F.Source = AllocatorSource::OperatorNew;
    return F;
  }
  if (FD && FD->hasAttr<AllocSizeAttr>())
    return Options.Attribute ? byAttribute(FD) : std::nullopt;
  std::optional<AllocatorFamily> Found;
  if (FD && Options.Wrapper)
    Found = asWrapper(FD);
  // A wrapper another unit defines, as that unit's discovery read it.
  const FunctionDecl *Def = nullptr;
  bool DefinedHere = FD && FD->hasBody(Def);
  if (!Found && FD && !DefinedHere && Options.Wrapper && Elsewhere)
    if ((Found = Elsewhere->wrapper(FD))) {
      Found->NumArgs = FD->getNumParams();
      Found->DefinedIn = Elsewhere->definedIn(FD);
      if (Found->SizeArg >= Found->NumArgs)
        Found.reset();
    }
  if (!Found && Options.NameAndType)
    Found = byNameAndType(Callee);
  if (Found) {
    Found->Zeroes = namedZeroing(Found->Name) ||
                    (DefinedHere ? zeroes(Def, Table)
                                 : FD && Elsewhere && Elsewhere->zeroes(FD));
    findCounterparts(Callee, *Found);
  }
  return Found;
}

std::optional<AllocatorFamily>
AllocatorDiscovery::byAttribute(const FunctionDecl *Function) {
  const auto *A = Function->getAttr<AllocSizeAttr>();
  // alloc_size(N, M) is an array form itself: it takes count and size.
  if (A->getNumElemsParam().isValid() || !A->getElemSizeParam().isValid())
    return std::nullopt;
  unsigned Index = A->getElemSizeParam().getASTIndex();
  if (Index >= Function->getNumParams() || !Function->getIdentifier())
    return std::nullopt;
  AllocatorFamily F;
  F.Name = Function->getName().str();
  F.NumArgs = Function->getNumParams();
  F.SizeArg = Index;
  F.Source = AllocatorSource::Attribute;
  F.Zeroes = namedZeroing(F.Name);
  if (const FunctionProtoType *Proto = prototypeOf(Function))
    F.Resizes = resizes(Function, Proto, Index);
  findCounterparts(Function, F);
  return F;
}

std::optional<AllocatorFamily>
AllocatorDiscovery::byNameAndType(const ValueDecl *Callee) {
  if (!Callee->getIdentifier() || isa<CXXMethodDecl>(Callee) || isInStd(Callee))
    return std::nullopt;
  if (const auto *FD = dyn_cast<FunctionDecl>(Callee);
      FD && (FD->isTemplated() || FD->isTemplateInstantiation()))
    return std::nullopt;
  // The type first: a regular expression costs more than the type tests,
  // and most callees of a file return no pointer.
  const FunctionProtoType *Proto = prototypeOf(Callee);
  if (!Proto || Proto->isDependentType() || !returnsBytePointer(Proto))
    return std::nullopt;
  // Every name the default pattern matches holds `lloc` or `LLOC`: a
  // substring test answers for most names at a fraction of the cost.
  llvm::StringRef Name = Callee->getName();
  if ((DefaultPattern && !Name.contains("lloc") && !Name.contains("LLOC")) ||
      !isAllocatorName(Name, Pattern))
    return std::nullopt;
  std::optional<unsigned> Size =
      byteCountParameter(Callee, Proto, Callee->getASTContext());
  if (!Size)
    return std::nullopt;
  AllocatorFamily F;
  F.Name = Callee->getName().str();
  F.NumArgs = Proto->getNumParams();
  F.SizeArg = *Size;
  F.Source = AllocatorSource::NameAndType;
  F.Kind = isa<FunctionDecl>(Callee) ? CalleeKind::Function
           : isa<FieldDecl>(Callee)  ? CalleeKind::PointerField
                                     : CalleeKind::PointerVariable;
  F.Resizes = resizes(Callee, Proto, *Size);
  return F;
}

namespace {
/// What a wrapper's body does with the pointer it returns.
struct WrapperBody {
  llvm::SmallVector<const Expr *, 4> Returned;
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const Expr *, 2>> Stored;
  bool ReturnsNothing = false;
};
} // namespace

static void readWrapperBody(const Stmt *Body, WrapperBody &Out) {
  llvm::SmallVector<const Stmt *, 32> Work{Body};
  while (!Work.empty()) {
    const Stmt *S = Work.pop_back_val();
    if (!S || isa<LambdaExpr, BlockExpr>(S))
      continue;
    if (const auto *Return = dyn_cast<ReturnStmt>(S)) {
      if (const Expr *Value = Return->getRetValue())
        Out.Returned.push_back(Value);
      else
        Out.ReturnsNothing = true;
    } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D); V && V->getInit())
          Out.Stored[V].push_back(V->getInit());
    } else if (const auto *Assign = dyn_cast<BinaryOperator>(S);
               Assign && Assign->getOpcode() == BO_Assign) {
      if (const auto *Ref =
              dyn_cast<DeclRefExpr>(Assign->getLHS()->IgnoreParenImpCasts()))
        if (const auto *V = dyn_cast<VarDecl>(Ref->getDecl()))
          Out.Stored[V].push_back(Assign->getRHS());
    }
    for (const Stmt *Child : S->children())
      Work.push_back(Child);
  }
}

static bool isNull(const Expr *E, const ASTContext &Ctx) {
  return E->isNullPointerConstant(const_cast<ASTContext &>(Ctx),
                                  Expr::NPC_ValueDependentIsNotNull) !=
         Expr::NPCK_NotNull;
}

std::optional<unsigned>
AllocatorDiscovery::forwardedSize(const Expr *Result,
                                  const FunctionDecl *Function,
                                  const AllocatorFamily *&Wrapped) {
  const auto *Call = dyn_cast<CallExpr>(Result->IgnoreParenCasts());
  if (!Call)
    return std::nullopt;
  const AllocatorFamily *F = familyOf(calleeDeclaration(Call));
  if (!F || Call->getNumArgs() <= F->SizeArg)
    return std::nullopt;
  const auto *Ref =
      dyn_cast<DeclRefExpr>(Call->getArg(F->SizeArg)->IgnoreParenImpCasts());
  const auto *Param = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  if (!Param || Param->getDeclContext() != Function)
    return std::nullopt;
  Wrapped = F;
  return Param->getFunctionScopeIndex();
}

std::optional<AllocatorFamily>
AllocatorDiscovery::asWrapper(const FunctionDecl *Function) {
  const FunctionDecl *Def = nullptr;
  if (!Function->hasBody(Def) || !Def->getIdentifier() ||
      Def->isDependentContext() || !Def->getReturnType()->isPointerType())
    return std::nullopt;
  // The size it forwards is one of its parameters: a number (most
  // functions returning a pointer take only pointers and records).
  if (llvm::none_of(Def->parameters(), [](const ParmVarDecl *P) {
        QualType T = P->getType().getNonReferenceType();
        return T->isArithmeticType() || T->isEnumeralType();
      }))
    return std::nullopt;
  const ASTContext &Ctx = Def->getASTContext();
  WrapperBody Body;
  readWrapperBody(Def->getBody(), Body);
  if (Body.ReturnsNothing || Body.Returned.empty())
    return std::nullopt;
  std::optional<unsigned> Size;
  const AllocatorFamily *Wrapped = nullptr;
  // Every value returned is null or the allocation, with the same size.
  auto Agrees = [&](const Expr *E) {
    if (isNull(E, Ctx))
      return true;
    std::optional<unsigned> Index = forwardedSize(E, Def, Wrapped);
    if (!Index || (Size && *Size != *Index))
      return false;
    Size = Index;
    return true;
  };
  for (const Expr *Value : Body.Returned) {
    const Expr *E = Value->IgnoreParenCasts();
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    const auto *Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    if (!Var) {
      if (!Agrees(E))
        return std::nullopt;
      continue;
    }
    auto It = Body.Stored.find(Var);
    if (It == Body.Stored.end() || !llvm::all_of(It->second, Agrees))
      return std::nullopt;
  }
  if (!Size || !Wrapped)
    return std::nullopt;
  AllocatorFamily F;
  F.Name = Def->getName().str();
  F.NumArgs = Def->getNumParams();
  F.SizeArg = *Size;
  F.Source = AllocatorSource::Wrapper;
  F.Wraps = Wrapped->Name;
  F.Resizes = Wrapped->Resizes;
  return F;
}

//===----------------------------------------------------------------------===//
// Counterparts
//===----------------------------------------------------------------------===//

namespace {
/// What a counterpart's name says it is.
enum class NameRole {
  /// `calloc` for `malloc`: zeroes, and checks when it takes count and size.
  Calloc,
  /// `kzalloc`, `g_malloc0`, `av_mallocz`: zeroes.
  Zeroing,
  /// `kmalloc_array`, `g_malloc_n`, `reallocarray`: checks.
  Checked,
};
struct Candidate {
  std::string Name;
  NameRole Role;
};
} // namespace

/// The names the counterparts of \p Name would have.
static std::vector<Candidate> candidateNames(llvm::StringRef Name,
                                             bool Resizes) {
  std::vector<Candidate> Out;
  std::string Lower = Name.lower();
  size_t At = Lower.rfind("alloc");
  if (At != std::string::npos && !Resizes) {
    // `malloc` -> `calloc`, `zalloc`; `palloc` -> `pcalloc`, `pzalloc`.
    size_t Start = At > 0 && Lower[At - 1] == 'm' ? At - 1 : At;
    bool Upper = isUppercase(Name[Start]);
    auto Letter = [&](char C) {
      return std::string(1, Upper ? llvm::toUpper(C) : C);
    };
    std::string Before = Name.take_front(Start).str();
    std::string After = Name.drop_front(At).str();
    if (Start == At && Upper) // `Alloc` -> `CAlloc` reads wrong
      After[0] = llvm::toLower(After[0]);
    Out.push_back({Before + Letter('c') + After, NameRole::Calloc});
    Out.push_back({Before + Letter('z') + After, NameRole::Zeroing});
  }
  if (!Resizes)
    for (const char *Suffix : {"0", "z", "Zero", "_zero", "0_n"})
      Out.push_back({(Name + Suffix).str(), NameRole::Zeroing});
  for (const char *Suffix : {"_array", "array", "Array", "_n", "N"})
    Out.push_back({(Name + Suffix).str(), NameRole::Checked});
  return Out;
}

/// The same parameter: the same type, or two object pointers (constness
/// and typedefs of a handle differ between declarations). Integers must be
/// the same type: a count in `int` would truncate what `size_t` passed.
static bool sameParameter(QualType A, QualType B) {
  A = A.getCanonicalType().getUnqualifiedType();
  B = B.getCanonicalType().getUnqualifiedType();
  return A == B || (A->isPointerType() && B->isPointerType());
}

namespace {
enum class Shape { None, Array, Single };
}

/// Whether \p Counterpart takes \p Proto's arguments (Single) or the same
/// with `count, size` in place of the size at \p SizeArg (Array).
static Shape shapeOf(const FunctionProtoType *Proto, unsigned SizeArg,
                     const FunctionProtoType *Counterpart,
                     const ASTContext &Ctx) {
  if (!Counterpart || !Counterpart->getReturnType()->isPointerType())
    return Shape::None;
  unsigned N = Proto->getNumParams();
  if (Counterpart->getNumParams() == N) {
    for (unsigned I = 0; I < N; ++I)
      if (!sameParameter(Proto->getParamType(I), Counterpart->getParamType(I)))
        return Shape::None;
    return Shape::Single;
  }
  if (Counterpart->getNumParams() != N + 1)
    return Shape::None;
  for (unsigned I = 0; I < N; ++I) {
    unsigned J = I < SizeArg ? I : I + 1;
    if (!sameParameter(Proto->getParamType(I), Counterpart->getParamType(J)))
      return Shape::None;
  }
  // Count and size each as wide as the byte count they replace.
  return isByteCountType(Counterpart->getParamType(SizeArg), Ctx) &&
                 isByteCountType(Counterpart->getParamType(SizeArg + 1), Ctx)
             ? Shape::Array
             : Shape::None;
}

/// The parameters of \p Function that the argument list of \p Call names
/// directly.
static llvm::SmallVector<unsigned, 4>
parametersPassed(const CallExpr *Call, const FunctionDecl *Function) {
  llvm::SmallVector<unsigned, 4> Out;
  for (const Expr *Arg : Call->arguments())
    if (const auto *Ref = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts()))
      if (const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl());
          P && P->getDeclContext() == Function)
        Out.push_back(P->getFunctionScopeIndex());
  return Out;
}

static bool namesParameter(const Expr *E, const FunctionDecl *Function,
                           unsigned Index) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *P = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  return P && P->getDeclContext() == Function &&
         P->getFunctionScopeIndex() == Index;
}

/// `count > LIMIT / size`, either way round, either side.
static bool isDivisionGuard(const BinaryOperator *B, const FunctionDecl *F,
                            unsigned Count, unsigned Size) {
  if (!B->isComparisonOp())
    return false;
  for (auto [Side, Other] : {std::pair(B->getLHS(), B->getRHS()),
                             std::pair(B->getRHS(), B->getLHS())}) {
    const auto *Div = dyn_cast<BinaryOperator>(Other->IgnoreParenImpCasts());
    if (!Div || Div->getOpcode() != BO_Div)
      continue;
    if ((namesParameter(Side, F, Count) &&
         namesParameter(Div->getRHS(), F, Size)) ||
        (namesParameter(Side, F, Size) &&
         namesParameter(Div->getRHS(), F, Count)))
      return true;
  }
  return false;
}

static llvm::StringRef calledName(const CallExpr *Call) {
  const ValueDecl *Callee = calleeDeclaration(Call);
  return Callee && Callee->getIdentifier() ? Callee->getName()
                                           : llvm::StringRef();
}

/// Whether the body of \p Def checks `count * size` for the parameters at
/// \p Count and \p Size: it passes both to a configured array form, to an
/// overflow builtin, or compares one with a limit divided by the other.
static bool checksProduct(const FunctionDecl *Def, unsigned Count,
                          unsigned Size, const AllocatorTable &Table) {
  return anyStatement(Def->getBody(), [&](const Stmt *S) {
    if (const auto *B = dyn_cast<BinaryOperator>(S))
      return isDivisionGuard(B, Def, Count, Size);
    const auto *Call = dyn_cast<CallExpr>(S);
    if (!Call)
      return false;
    llvm::StringRef Name = calledName(Call);
    llvm::SmallVector<unsigned, 4> Passed = parametersPassed(Call, Def);
    return llvm::is_contained(Passed, Count) &&
           llvm::is_contained(Passed, Size) &&
           (Table.isConfiguredArrayForm(Name) ||
            (Name.starts_with("__builtin_") && Name.ends_with("mul_overflow")));
  });
}

/// Whether \p Call zeroes memory: memset with a constant 0, bzero.
static bool isZeroingCall(const CallExpr *Call, llvm::StringRef Name,
                          const ASTContext &Ctx) {
  if ((Name == "memset" || Name == "__builtin_memset") &&
      Call->getNumArgs() == 3) {
    std::optional<llvm::APSInt> Fill = constantValue(Call->getArg(1), Ctx);
    return Fill && Fill->isZero();
  }
  return Name == "bzero" || Name == "__builtin_bzero" ||
         Name == "explicit_bzero";
}

/// Whether the body of \p Def zeroes: it calls memset with 0, bzero or a
/// configured zeroing form.
static bool zeroes(const FunctionDecl *Def, const AllocatorTable &Table) {
  return anyStatement(Def->getBody(), [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    if (!Call)
      return false;
    llvm::StringRef Name = calledName(Call);
    return isZeroingCall(Call, Name, Def->getASTContext()) ||
           Table.isConfiguredZeroingForm(Name);
  });
}

/// The definition of \p Counterpart in the file, if it is a function that
/// has one.
static const FunctionDecl *definitionOf(const ValueDecl *Counterpart) {
  const FunctionDecl *Def = nullptr;
  if (const auto *FD = dyn_cast<FunctionDecl>(Counterpart);
      FD && FD->hasBody(Def))
    return Def;
  return nullptr;
}

DefinitionFacts
AllocatorDiscovery::describeDefinition(const FunctionDecl *Def) {
  DefinitionFacts Out;
  if (!Def || !Def->doesThisDeclarationHaveABody() ||
      !Def->getReturnType()->isPointerType())
    return Out;
  Out.Wrapper = asWrapper(Def);
  Out.Zeroes = zeroes(Def, Table);
  for (unsigned I = 0; I + 1 < Def->getNumParams(); ++I)
    if (checksProduct(Def, I, I + 1, Table))
      Out.ChecksProductAt.push_back(I);
  return Out;
}

void AllocatorDiscovery::findCounterparts(const ValueDecl *Callee,
                                          AllocatorFamily &Family) {
  const FunctionProtoType *Proto = prototypeOf(Callee);
  if (!Proto)
    return;
  const ValueDecl *Checked = nullptr, *Calloc = nullptr;
  for (const Candidate &C : candidateNames(Family.Name, Family.Resizes)) {
    const ValueDecl *D = nullptr;
    Shape S = Shape::None;
    for (const ValueDecl *Like : declarationsLike(Callee, C.Name)) {
      S = shapeOf(Proto, Family.SizeArg, prototypeOf(Like),
                  Callee->getASTContext());
      if (S != Shape::None) {
        D = Like;
        break;
      }
    }
    if (!D)
      continue;
    const FunctionDecl *Def = definitionOf(D);
    // Defined in another unit, by the program's facts: read as that unit
    // read its definition.
    const auto *DeclaredFD = dyn_cast<FunctionDecl>(D);
    std::string ElsewhereFile =
        !Def && DeclaredFD && Elsewhere ? Elsewhere->definedIn(DeclaredFD)
                                        : std::string();
    bool Seen = Def || !ElsewhereFile.empty();
    if (S == Shape::Array && C.Role != NameRole::Zeroing) {
      bool Checks =
          Def ? checksProduct(Def, Family.SizeArg, Family.SizeArg + 1, Table)
              : ElsewhereFile.empty() ||
                    Elsewhere->checksProduct(DeclaredFD, Family.SizeArg,
                                             Family.SizeArg + 1);
      if (!Checks) {
        if (Family.CheckedArrayRefused.empty())
          Family.CheckedArrayRefused =
              "'" + C.Name + "' is defined in " +
              (Def ? std::string("this file") : ElsewhereFile) +
              " and does not check the multiplication";
        continue;
      }
      // A form that only checks is better than one that also zeroes.
      if (!Checked || (C.Role == NameRole::Checked && Checked == Calloc)) {
        Checked = D;
        Family.CheckedArray = C.Name;
        Family.CheckedArrayProof =
            Seen ? CounterpartProof::Shown : CounterpartProof::Unseen;
      }
      if (C.Role == NameRole::Calloc)
        Calloc = D;
    }
    if (C.Role == NameRole::Checked || (Def && !zeroes(Def, Table)) ||
        (!ElsewhereFile.empty() && !Elsewhere->zeroes(DeclaredFD)))
      continue;
    CounterpartProof Proof =
        Seen ? CounterpartProof::Shown : CounterpartProof::Unseen;
    if (S == Shape::Array && Family.ZeroingArray.empty()) {
      Family.ZeroingArray = C.Name;
      Family.ZeroingArrayProof = Proof;
    } else if (S == Shape::Single && Family.ZeroingSingle.empty()) {
      Family.ZeroingSingle = C.Name;
      Family.ZeroingSingleProof = Proof;
    }
  }
}

} // namespace clang::tidy::calloc
