# add_exo_library(): upstream Exo's CMake function (its package's AddExoLibrary.cmake),
# so that a project written for upstream's ExoConfig configures and builds unchanged.
#
#   add_exo_library(NAME <name> SOURCES <file.py>... [PYTHONPATH <dir>...]
#                   [INTERMEDIATE <dir>] [CHECKS strict|upstream] [HOST embedded|python3]
#                   [JOB_POOL <pool>] [JOB_SERVER_AWARE])
#
# As upstream's:
# - runs upstream's command line, `exocc -o <intdir> --stem <name> <sources...>`, with each
#   PYTHONPATH directory appended to the PYTHONPATH environment variable (the kernels'
#   shared modules are found only through it, as upstream passes them);
# - writes <intdir>/<name>.c, <name>.h and the depfile <name>.d, where <intdir> is
#   ${CMAKE_CURRENT_BINARY_DIR}/<name>.exo;
# - the library <name> (STATIC or SHARED as BUILD_SHARED_LIBS says), its alias
#   ${PROJECT_NAME}::<name>, and <intdir> as its PUBLIC build include directory.
# Beyond upstream's: INTERMEDIATE names <intdir> (relative to the current binary dir;
# upstream's function has no such argument); CHECKS selects the check level (default
# upstream, as the command line it runs: exocc's checks beyond upstream's only warn;
# docs/scheduling.md, "Check levels"); HOST (else the EXO_HOST cache variable) selects the
# interpreter: python3 runs the kernels in CPython, so they may import sympy and the
# like (docs/cpython-host.md); JOB_POOL and JOB_SERVER_AWARE as exo_add_kernel's
# (EXO_JOB_POOL the default pool); the library joins exo-codegen; rebuilds follow exo_add_kernel's rules
# (outputs rewritten only when their bytes change, correct with Makefiles too, a
# <name>.update target), Exo_EXECUTABLE picks a host exocc for cross builds, and the
# generated C is compiled without warnings (see ExoAddKernel.cmake).
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/ExoAddKernel.cmake")

cmake_policy(PUSH)
cmake_policy(VERSION 3.20...3.25)

function(add_exo_library)
  cmake_parse_arguments(PARSE_ARGV 0 ARG "JOB_SERVER_AWARE" "NAME;INTERMEDIATE;CHECKS;HOST;JOB_POOL" "SOURCES;PYTHONPATH")
  if(NOT ARG_NAME)
    message(FATAL_ERROR "add_exo_library: NAME is required")
  endif()
  set(fn "add_exo_library(NAME ${ARG_NAME})")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${fn}: unknown arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "${fn}: SOURCES is required")
  endif()
  # `cmake -E env --modify` (how PYTHONPATH reaches exocc) is new in CMake 3.25.
  if(CMAKE_VERSION VERSION_LESS 3.25)
    message(FATAL_ERROR "${fn}: needs CMake 3.25 or newer; this is CMake ${CMAKE_VERSION}.")
  endif()
  _exo_require_c("${fn}")
  _exo_checks_args(checks_args "${fn}" "${ARG_CHECKS}")
  _exo_job_args(job_args "${ARG_JOB_POOL}" "${ARG_JOB_SERVER_AWARE}")
  _exo_host_args(host_args "${fn}" "${ARG_HOST}")

  set(sources "")
  foreach(src IN LISTS ARG_SOURCES)
    cmake_path(ABSOLUTE_PATH src BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE)
    _exo_require_input_file("${fn}: SOURCES" "${src}" "${src}")
    list(APPEND sources "${src}")
  endforeach()
  if(ARG_INTERMEDIATE)
    cmake_path(ABSOLUTE_PATH ARG_INTERMEDIATE BASE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}"
               NORMALIZE OUTPUT_VARIABLE intdir)
  else()
    set(intdir "${CMAKE_CURRENT_BINARY_DIR}/${ARG_NAME}.exo")
  endif()

  # Upstream's function runs Exo::compiler; a project may define that target itself.
  set(_compiler "")
  if(TARGET Exo::compiler)
    set(_compiler Exo::compiler)
  endif()
  _exo_compiler(exocc add_exo_library ${ARG_NAME} "${_compiler}")
  if(NOT exocc)
    if(Exo_EXECUTABLE)
      set(_why "Exo_EXECUTABLE (${Exo_EXECUTABLE}) does not exist")
    else()
      set(_why "no Exo::compiler target (call find_package(Exo) first)")
    endif()
    message(FATAL_ERROR "${fn}: no exocc to run: ${_why}.")
  endif()
  set(exocc_file "${exocc}")
  if(TARGET "${exocc}")
    set(exocc_file "$<TARGET_FILE:${exocc}>")
  endif()
  # Appended, as upstream does, to whatever PYTHONPATH the build runs with.
  set(env_args "")
  foreach(dir IN LISTS ARG_PYTHONPATH)
    list(APPEND env_args --modify "PYTHONPATH=path_list_append:${dir}")
  endforeach()

  list(LENGTH sources _n)
  list(GET sources 0 _first)
  file(RELATIVE_PATH _rel "${CMAKE_BINARY_DIR}" "${_first}")
  if(_n GREATER 1)
    string(APPEND _rel " and others")
  endif()
  _exo_generated_library(${ARG_NAME} "" "${intdir}" "${ARG_NAME}"
    COMMENT "exocc: generating ${ARG_NAME}.c/.h from ${_rel}"
    COMMAND "${CMAKE_COMMAND}" -E env ${env_args} --
            "${exocc_file}" -o "${intdir}" --stem "${ARG_NAME}" ${checks_args} ${host_args} ${sources}
    DEPENDS ${sources} ${exocc}
    JOB_ARGS ${job_args})
  target_sources(${ARG_NAME} PRIVATE "${intdir}/${ARG_NAME}.h")
  target_include_directories(${ARG_NAME} PUBLIC "$<BUILD_INTERFACE:${intdir}>")
  set_target_properties(${ARG_NAME} PROPERTIES LINKER_LANGUAGE C)
  _exo_kernel_library_conventions(${ARG_NAME} "${intdir}/${ARG_NAME}.c")
endfunction()

cmake_policy(POP)
