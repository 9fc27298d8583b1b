# A simulated cross build for run.sh, set up as real toolchain files are: CMake's
# searches for libraries, headers and packages look only inside the target's sysroot
# (CMAKE_FIND_ROOT_PATH_MODE_* = ONLY), programs only on the host (NEVER). The "target"
# is this machine, so the results still run. The sysroot is empty (it does not exist):
# nothing of the host's, Z3 or an Exo package, may be found through it. run.sh adds a
# bogus CMAKE_CROSSCOMPILING_EMULATOR to prove a host exocc is never run through it.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR simulated)
set(CMAKE_FIND_ROOT_PATH "${CMAKE_CURRENT_LIST_DIR}/empty-sysroot")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
