# calloc-tidy's facts pass as a Bazel aspect (docs/facts.md, docs/ci.md).
#
# Applied to cc_library and cc_binary targets (and, through `deps`, to every
# target they depend on), it runs one action per C/C++ source: clang-tidy
# with the plugin and only calloc-unchecked-multiplication, which writes the
# unit's summary to a .tsv because CALLOC_TIDY_FACTS_OUTPUT names it. The
# flags after `--` are the target's compilation context (includes,
# quote_includes, system_includes, defines, local_defines) and the rule's
# copts, as Bazel would compile it. Output group `calloc_facts` holds the
# summaries of the target and its deps, and TARGET.calloc-facts, the list of
# them, one path a line (relative to the execution root, which the
# workspace's `bazel-out` link reaches), for the merge:
#
#   bazel build //:app \
#     --aspects=//:calloc_facts.bzl%calloc_facts --output_groups=calloc_facts \
#     --action_env=CALLOC_TIDY_CLANG_TIDY=/usr/lib/llvm-19/bin/clang-tidy \
#     --action_env=CALLOC_TIDY_PLUGIN=/path/to/CallocTidy.so
#   xargs python3 tools/calloc_facts.py merge -o calloc-facts.tsv \
#     < bazel-bin/app.calloc-facts
#
# clang-tidy and the plugin are taken from those two --action_env variables
# (the actions use the default shell environment): their paths are part of
# each action's key, their contents are not, so after rebuilding the plugin
# at the same path pass `--action_env=CALLOC_TIDY_PLUGIN_VERSION=...` (any
# new value) or clean. The files must exist at those paths wherever the
# actions run (the same holds on remote workers). Bazel without a network
# also needs tools/bazel/offline/ (docs/ci.md, Bazel). A unit that does not
# parse with its target's flags fails its action.

CallocFactsInfo = provider(
    doc = "The facts summaries of a target's units and of its deps'.",
    fields = {"summaries": "depset of .tsv files, one per unit"},
)

_SOURCE_EXTENSIONS = ["c", "cc", "cpp", "cxx", "c++", "C"]

def _unit_flags(ctx, target):
    """The compiler flags of the target's units: its compilation context
    (what its deps export too) and its own copts."""
    flags = []
    if CcInfo in target:
        cc = target[CcInfo].compilation_context
        for d in cc.includes.to_list():
            flags += ["-I", d]
        for d in cc.quote_includes.to_list():
            flags += ["-iquote", d]
        for d in cc.system_includes.to_list():
            flags += ["-isystem", d]
        defines = cc.defines.to_list()
        if hasattr(cc, "local_defines"):
            defines += cc.local_defines.to_list()
        flags += ["-D" + d for d in defines]
    flags += getattr(ctx.rule.attr, "copts", [])
    return flags

def _headers(target):
    if CcInfo in target:
        return target[CcInfo].compilation_context.headers
    return depset()

def _calloc_facts_impl(target, ctx):
    summaries = []
    if CcInfo in target and hasattr(ctx.rule.files, "srcs"):
        flags = _unit_flags(ctx, target)
        headers = _headers(target)
        for src in ctx.rule.files.srcs:
            if src.extension not in _SOURCE_EXTENSIONS:
                continue
            out = ctx.actions.declare_file(
                "%s.calloc-facts.d/%s.tsv" % (ctx.label.name, src.short_path),
            )
            args = ctx.actions.args()
            args.add(out)
            args.add(src)
            args.add_all(flags)

            # $1 is the summary, $2 the unit, the rest its flags. A unit
            # Bazel compiles must parse with them: a compiler error (clang-tidy
            # exits 1) means a flag is missing, and its summary would be
            # wrong, so the action fails. The check writes the summary even
            # when the unit has no fact.
            ctx.actions.run_shell(
                command = (
                    'out=$1 src=$2; shift 2; ' +
                    ': "${CALLOC_TIDY_CLANG_TIDY:?set --action_env=CALLOC_TIDY_CLANG_TIDY=PATH}"; ' +
                    ': "${CALLOC_TIDY_PLUGIN:?set --action_env=CALLOC_TIDY_PLUGIN=PATH}"; ' +
                    'CALLOC_TIDY_FACTS_OUTPUT="$out" "$CALLOC_TIDY_CLANG_TIDY" ' +
                    '--load="$CALLOC_TIDY_PLUGIN" ' +
                    '--checks=-*,calloc-unchecked-multiplication --quiet ' +
                    '"$src" -- "$@" >/dev/null || ' +
                    '{ echo "calloc_facts: clang-tidy failed on $src" >&2; exit 1; }; ' +
                    'test -f "$out" || { echo "calloc_facts: no summary of $src" >&2; exit 1; }'
                ),
                arguments = [args],
                inputs = depset([src], transitive = [headers]),
                outputs = [out],
                use_default_shell_env = True,
                mnemonic = "CallocFacts",
                progress_message = "calloc-tidy facts of %s" % src.short_path,
            )
            summaries.append(out)

    transitive = [
        dep[CallocFactsInfo].summaries
        for dep in getattr(ctx.rule.attr, "deps", [])
        if CallocFactsInfo in dep
    ]
    all_summaries = depset(summaries, transitive = transitive)

    listing = ctx.actions.declare_file(ctx.label.name + ".calloc-facts")
    ctx.actions.write(
        output = listing,
        content = "".join([s.path + "\n" for s in all_summaries.to_list()]),
    )
    return [
        CallocFactsInfo(summaries = all_summaries),
        OutputGroupInfo(calloc_facts = depset([listing], transitive = [all_summaries])),
    ]

calloc_facts = aspect(
    implementation = _calloc_facts_impl,
    attr_aspects = ["deps"],
    doc = "One clang-tidy facts summary per C/C++ unit; output group calloc_facts.",
)
