# Included by the top-level CMakeLists.txt after the exocc target exists:
# - in-tree use (add_subdirectory / FetchContent): Exo::exocc and exo_add_kernel()
#   become available to the including project, as find_package(Exo) would give;
# - install rules for the CMake package (lib/cmake/Exo).

set(Exo_EXECUTABLE "" CACHE FILEPATH
    "Host exocc for exo_add_kernel() (cross builds); empty: the exocc built here")

if(NOT TARGET Exo::exocc)
  if(Exo_EXECUTABLE)
    add_executable(Exo::exocc IMPORTED GLOBAL)
    set_target_properties(Exo::exocc PROPERTIES IMPORTED_LOCATION "${Exo_EXECUTABLE}")
  else()
    add_executable(Exo::exocc ALIAS exocc)
    if(CMAKE_CROSSCOMPILING AND NOT CMAKE_CROSSCOMPILING_EMULATOR)
      message(AUTHOR_WARNING
        "Exo: cross-compiling with the in-tree exocc, which is built for the target and "
        "cannot run on this machine (no CMAKE_CROSSCOMPILING_EMULATOR). Build exocc for "
        "the host first and pass -DExo_EXECUTABLE=/path/to/host/exocc.")
    endif()
  endif()
endif()
set(Exo_exocc_FOUND TRUE)
set(Exo_VERSION "${PROJECT_VERSION}")

include("${CMAKE_CURRENT_LIST_DIR}/ExoAddKernel.cmake")

include(CMakePackageConfigHelpers)
set(EXO_INSTALL_BINDIR bin)
set(EXO_INSTALL_CMAKEDIR lib/cmake/Exo)
configure_package_config_file(
  "${CMAKE_CURRENT_LIST_DIR}/ExoConfig.cmake.in"
  "${CMAKE_CURRENT_BINARY_DIR}/cmake-modules/ExoConfig.cmake"
  INSTALL_DESTINATION "${EXO_INSTALL_CMAKEDIR}"
  PATH_VARS EXO_INSTALL_BINDIR
  NO_SET_AND_CHECK_MACRO)
write_basic_package_version_file(
  "${CMAKE_CURRENT_BINARY_DIR}/cmake-modules/ExoConfigVersion.cmake"
  VERSION "${PROJECT_VERSION}"
  COMPATIBILITY SameMajorVersion
  ARCH_INDEPENDENT)
install(FILES
  "${CMAKE_CURRENT_BINARY_DIR}/cmake-modules/ExoConfig.cmake"
  "${CMAKE_CURRENT_BINARY_DIR}/cmake-modules/ExoConfigVersion.cmake"
  "${CMAKE_CURRENT_LIST_DIR}/ExoAddKernel.cmake"
  DESTINATION "${EXO_INSTALL_CMAKEDIR}")
