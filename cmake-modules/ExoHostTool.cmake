# Included by the top-level CMakeLists.txt before anything of exocc is configured: decides
# whether this build compiles exocc or only provides the CMake package around a host exocc
# that already exists. Sets EXOCC_PACKAGE_ONLY.
#
# exocc is a host tool. When another project includes this repository (add_subdirectory,
# or the FetchContent fallback after find_package(Exo) failed) and a host exocc is known,
# compiling exocc for the including project's target would be useless (it cannot run
# there) and would fail in a real cross environment (no Z3 in the sysroot). A host exocc
# is known when:
#   - Exo_EXECUTABLE names it, or
#   - cross-compiling, an installed exocc is found under Exo_ROOT or CMAKE_PREFIX_PATH.
#     This search is never re-rooted in CMAKE_FIND_ROOT_PATH (the sysroot holds target
#     binaries); it is what lets the FetchContent fallback use a host install that a
#     toolchain's CMAKE_FIND_ROOT_PATH_MODE_PACKAGE=ONLY hid from find_package(Exo).
set(EXOCC_PACKAGE_ONLY OFF)
if(PROJECT_IS_TOP_LEVEL)
  return()
endif()

if(NOT Exo_EXECUTABLE AND CMAKE_CROSSCOMPILING)
  set(_exo_hints "")
  foreach(_exo_root IN ITEMS "${Exo_ROOT}" "$ENV{Exo_ROOT}")
    if(_exo_root)
      list(APPEND _exo_hints "${_exo_root}/bin")
    endif()
  endforeach()
  find_program(_exo_host_exocc exocc
    HINTS ${_exo_hints}
    NO_CMAKE_ENVIRONMENT_PATH NO_SYSTEM_ENVIRONMENT_PATH NO_CMAKE_SYSTEM_PATH
    NO_CMAKE_INSTALL_PREFIX NO_CMAKE_FIND_ROOT_PATH NO_CACHE)
  if(_exo_host_exocc)
    execute_process(COMMAND "${_exo_host_exocc}" --version RESULT_VARIABLE _exo_rc
                    OUTPUT_QUIET ERROR_QUIET)
    if(_exo_rc EQUAL 0)
      message(STATUS "Exo: cross-compiling; using the host exocc ${_exo_host_exocc}")
      set(Exo_EXECUTABLE "${_exo_host_exocc}" CACHE FILEPATH
          "Host exocc for exo_add_kernel() (cross builds); empty: the exocc built here" FORCE)
    else()
      message(STATUS "Exo: ${_exo_host_exocc} does not run on this machine; not using it")
    endif()
  endif()
  unset(_exo_host_exocc)
  unset(_exo_hints)
  unset(_exo_root)
  unset(_exo_rc)
endif()

if(Exo_EXECUTABLE)
  set(EXOCC_PACKAGE_ONLY ON)
elseif(CMAKE_CROSSCOMPILING AND NOT CMAKE_CROSSCOMPILING_EMULATOR)
  # Said before Z3 is searched for, so that it is seen even when the sysroot lacks Z3.
  message(AUTHOR_WARNING
    "Exo: cross-compiling with the in-tree exocc, which is built for the target and "
    "cannot run on this machine (no CMAKE_CROSSCOMPILING_EMULATOR). Build exocc for "
    "the host first and pass -DExo_EXECUTABLE=/path/to/host/exocc, or install it and "
    "pass -DExo_ROOT=<its prefix>.")
endif()
