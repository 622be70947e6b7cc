# A stand-in for @rules_cc//cc:defs.bzl that forwards to Bazel's native C++
# rules. Bazel 4's own @bazel_tools (the C++ toolchain's BUILD files) loads
# @rules_cc, which Bazel would otherwise download; without a network, pass
#   --override_repository=rules_cc=/path/to/calloc-tidy/tools/bazel/offline/rules_cc
# (docs/ci.md). Only the rules @bazel_tools loads are here.

cc_binary = native.cc_binary
cc_library = native.cc_library
cc_test = native.cc_test
cc_toolchain = native.cc_toolchain
cc_toolchain_suite = native.cc_toolchain_suite
cc_proto_library = native.cc_proto_library
objc_library = native.objc_library
