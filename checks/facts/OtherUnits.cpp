#include "facts/OtherUnits.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Type.h"

namespace clang::tidy::calloc {

/// The name a record is known by in every unit that includes its
/// definition: its tag, or the typedef that names an anonymous one.
static std::string recordName(const RecordDecl *RD) {
  if (!RD)
    return {};
  if (RD->getIdentifier())
    return RD->getQualifiedNameAsString();
  if (const TypedefNameDecl *TD = RD->getTypedefNameForAnonDecl())
    return TD->getQualifiedNameAsString();
  // An unnamed structure declared as the type of a field of a named one
  // (`struct hdr { struct { int cols, rows; } tiling; }`) is known by the
  // path to it: `hdr.tiling`.
  if (const auto *Parent = dyn_cast<RecordDecl>(RD->getDeclContext())) {
    std::string Outer = recordName(Parent);
    if (!Outer.empty())
      for (const FieldDecl *F : Parent->fields())
        if (F->getIdentifier() &&
            F->getType()->getAsRecordDecl() == RD)
          return Outer + "." + F->getName().str();
  }
  return {};
}

std::optional<ValueRange>
ProgramCallResults::resultOf(const CallExpr *Call) const {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee)
    return std::nullopt;
  if (Callee->getDefinition())
    return Unit.resultOf(Call);
  const FunctionSummary *S = Program ? Program->function(Callee) : nullptr;
  return S ? S->Returns : std::nullopt;
}

std::string programKey(const ValueDecl *D) {
  if (!D || !D->getIdentifier())
    return {};
  if (const auto *Field = dyn_cast<FieldDecl>(D)) {
    std::string Record = recordName(Field->getParent());
    return Record.empty() ? std::string()
                          : "field " + Record + "." + Field->getName().str();
  }
  if (!D->hasExternalFormalLinkage())
    return {};
  if (isa<FunctionDecl>(D))
    return "fn " + D->getQualifiedNameAsString();
  if (const auto *Var = dyn_cast<VarDecl>(D); Var && Var->hasGlobalStorage())
    return "var " + D->getQualifiedNameAsString();
  return {};
}

} // namespace clang::tidy::calloc
