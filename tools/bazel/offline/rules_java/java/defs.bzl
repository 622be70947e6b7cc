# A stand-in for @rules_java//java:defs.bzl that forwards to Bazel's native
# Java rules. Bazel 4 registers the JDK toolchains of @bazel_tools for every
# build, C++ too, and their BUILD files load @rules_java, which Bazel would
# otherwise download; without a network, pass
#   --override_repository=rules_java=/path/to/calloc-tidy/tools/bazel/offline/rules_java
# (docs/ci.md). Only the rules @bazel_tools loads are here; nothing of the
# facts pass builds Java.

java_binary = native.java_binary
java_import = native.java_import
java_library = native.java_library
java_proto_library = native.java_proto_library
java_runtime = native.java_runtime
java_toolchain = native.java_toolchain
