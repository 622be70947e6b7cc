# scripts/cpack-project.cmake: read by cpack (CPACK_PROJECT_CONFIG_FILE of
# CMakeLists.txt) each time it makes the .deb, so that what it adds is of
# the moment the package is made, not of the one the build folder was
# configured at.
#
# The version. calloc-tidy has no releases: it is 0~git<commit time,
# UTC>.<commit>, which sorts by time as apt compares versions, and below
# any release 0.x or 1 ever made; outside a git checkout, 0~unknown.
if(DEFINED ENV{TZ})
  set(calloc_tidy_tz "$ENV{TZ}")
endif()
set(ENV{TZ} UTC)
execute_process(
  COMMAND git -C "${CPACK_CALLOC_TIDY_SOURCE_DIR}" log -1 --format=%cd.%h
          --date=format-local:%Y%m%d%H%M%S --abbrev=12
  OUTPUT_VARIABLE calloc_tidy_commit OUTPUT_STRIP_TRAILING_WHITESPACE
  RESULT_VARIABLE calloc_tidy_status ERROR_QUIET)
if(DEFINED calloc_tidy_tz)
  set(ENV{TZ} "${calloc_tidy_tz}")
else()
  unset(ENV{TZ})
endif()
if(calloc_tidy_status EQUAL 0 AND calloc_tidy_commit MATCHES "^[0-9]+\\.[0-9a-f]+$")
  set(CPACK_PACKAGE_VERSION "0~git${calloc_tidy_commit}")
else()
  set(CPACK_PACKAGE_VERSION "0~unknown")
endif()
set(CPACK_DEBIAN_PACKAGE_VERSION "${CPACK_PACKAGE_VERSION}")

# The packages of the shared libraries the plugin and the executables link,
# from dpkg-shlibdeps, as cpack's CPACK_DEBIAN_PACKAGE_SHLIBDEPS would find
# them. Not through that option: it also gives every package with a .so
# under /usr/lib maintainer scripts that run ldconfig, useless for plugins
# in /usr/lib/calloc-tidy, and a package with a postrm stays known to dpkg
# ("rc") after apt-get remove. libLLVM has no shlibs entry to read, so it
# is not named; clang-tidy-NN, pinned, depends on its exact version.
set(calloc_tidy_work "${CPACK_PACKAGE_DIRECTORY}/calloc-tidy-shlibdeps")
file(REMOVE_RECURSE "${calloc_tidy_work}")
file(MAKE_DIRECTORY "${calloc_tidy_work}/debian")
file(WRITE "${calloc_tidy_work}/debian/control" "") # dpkg-shlibdeps wants one
execute_process(
  COMMAND dpkg-shlibdeps --ignore-missing-info -O ${CPACK_CALLOC_TIDY_ELF_FILES}
  WORKING_DIRECTORY "${calloc_tidy_work}"
  OUTPUT_VARIABLE calloc_tidy_shlibs RESULT_VARIABLE calloc_tidy_status
  ERROR_VARIABLE calloc_tidy_errors OUTPUT_STRIP_TRAILING_WHITESPACE)
file(REMOVE_RECURSE "${calloc_tidy_work}")
if(NOT calloc_tidy_status EQUAL 0 OR NOT calloc_tidy_shlibs MATCHES "shlibs:Depends=([^\n]+)")
  message(FATAL_ERROR "dpkg-shlibdeps ${CPACK_CALLOC_TIDY_ELF_FILES} failed:\n"
                      "${calloc_tidy_shlibs}${calloc_tidy_errors}")
endif()
string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS ", ${CMAKE_MATCH_1}")
