# Included by the top-level CMakeLists.txt after the exocc target exists (or, with
# EXOCC_PACKAGE_ONLY, instead of building it):
# - in-tree use (add_subdirectory / FetchContent): Exo::exocc and exo_add_kernel()
#   become available to the including project, as find_package(Exo) would give;
# - install rules for the CMake package (lib/cmake/Exo).

set(Exo_EXECUTABLE "" CACHE FILEPATH
    "Host exocc for exo_add_kernel() (cross builds); empty: the exocc built here")

# Exo::compiler is upstream Exo's name for the same executable (add_exo_library).
foreach(_exo_name IN ITEMS Exo::exocc Exo::compiler)
  if(TARGET ${_exo_name})
    continue()
  elseif(Exo_EXECUTABLE)
    add_executable(${_exo_name} IMPORTED GLOBAL)
    set_target_properties(${_exo_name} PROPERTIES IMPORTED_LOCATION "${Exo_EXECUTABLE}")
  else()
    # (ExoHostTool.cmake warns when this exocc cannot run here.)
    add_executable(${_exo_name} ALIAS exocc)
  endif()
endforeach()
unset(_exo_name)
set(Exo_exocc_FOUND TRUE)
set(Exo_VERSION "${PROJECT_VERSION}")

include("${CMAKE_CURRENT_LIST_DIR}/ExoAddKernel.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/AddExoLibrary.cmake")

# Around a host exocc (EXOCC_PACKAGE_ONLY) there is nothing of exocc's to install.
if(EXOCC_PACKAGE_ONLY)
  return()
endif()

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
  "${CMAKE_CURRENT_LIST_DIR}/AddExoLibrary.cmake"
  DESTINATION "${EXO_INSTALL_CMAKEDIR}")
