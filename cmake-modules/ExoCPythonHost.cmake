# The `_exo` CPython extension module (generator/cpython), built from the same core
# libraries as the exocc executable. Debian's python3 is preferred over other
# interpreters on PATH: the CPython host is used with Debian's numpy, pytest and sympy.
if(NOT DEFINED Python3_EXECUTABLE AND EXISTS /usr/bin/python3)
  set(Python3_EXECUTABLE /usr/bin/python3)
endif()
find_package(Python3 3.11 COMPONENTS Interpreter Development.Module)
if(NOT Python3_Development.Module_FOUND)
  message(STATUS "exocc: Python 3 headers not found (apt-get install python3-dev): "
                 "the CPython host (_exo extension module) is not built")
  return()
endif()

file(GLOB EXOCC_CPYTHON_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/generator/cpython/*.cpp)
Python3_add_library(exocc_cpython MODULE WITH_SOABI ${EXOCC_CPYTHON_SOURCES})
# In the build tree the module sits in python/, beside nothing else: with
# PYTHONPATH=<build>/python:<source>/generator/lib, `import exo` works.
set_target_properties(exocc_cpython PROPERTIES OUTPUT_NAME _exo
                      LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/python)
target_link_libraries(exocc_cpython PRIVATE exocc_backend exocc_analysis exocc_ir exocc_host)
target_compile_options(exocc_cpython PRIVATE ${EXOCC_WARNINGS})
target_compile_definitions(exocc_cpython PRIVATE EXOCC_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
# Only PyInit__exo is the module's interface: the core's symbols stay private, so
# they cannot clash with other extension modules in the same process.
target_link_options(exocc_cpython PRIVATE -Wl,--exclude-libs,ALL)
set(EXOCC_CPYTHON_MODULE_DIR ${PROJECT_BINARY_DIR}/python)
# `exocc build` runs kernels with host = "python3" in this interpreter, with this module.
set_source_files_properties(${PROJECT_SOURCE_DIR}/generator/driver/cpython_launch.cpp PROPERTIES COMPILE_DEFINITIONS
  "EXOCC_CPYTHON_MODULE_DIR=\"${EXOCC_CPYTHON_MODULE_DIR}\";EXOCC_PYTHON3=\"${Python3_EXECUTABLE}\"")
# Installed beside the bundled `exo` package: PYTHONPATH=<prefix>/share/exocc/lib.
install(TARGETS exocc_cpython LIBRARY DESTINATION share/exocc/lib)
