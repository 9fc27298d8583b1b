# exo_add_kernel(): build a static library from an exocc kernel manifest.
#
#   exo_add_kernel(<target> MANIFEST <file.toml>
#                  [STEM <name>] [OUTPUT_DIR <dir>] [VENDOR_DIR <dir>]
#                  [CACHE_DIR <dir>] [COMPILER <exe-or-target>] [CHECKS strict|upstream]
#                  [HOST embedded|python3]
#                  [TARGET <name>] [PARAMS <name>=<value>...]
#                  [JOB_POOL <pool>] [JOB_SERVER_AWARE]
#                  [DEPENDS <file-or-target>...] [TARGETS <target>...] [FEATURES <feature>...]
#                  [HEADER_OUTVAR <var>] [SOURCE_OUTVAR <var>]
#                  [IR_DUMP <var>] [TRACE <var>]
#                  [VERIFY] [VERIFY_REPORT <var>] [VERIFY_CFLAGS <flag>...])
#
# See README.md next to this file. This module is self-contained: a project that
# builds only from vendored sources may copy it into its own tree.
#
# Cache variables read here:
#   Exo_EXECUTABLE     path of a host exocc; overrides Exo::exocc and COMPILER.
#   EXO_USE_VENDORED   build kernels that have a VENDOR_DIR from the vendored C.
#   EXO_CACHE_DIR      IR cache directory passed to every exocc run (--cache-dir).
#   EXO_TARGET         the target of kernels without TARGET (default: host).
#   EXO_JOB_POOL       the Ninja job pool of exocc runs without JOB_POOL.
#   EXO_HOST           interpreter the kernels' Python runs in when HOST is not given.
# Umbrella targets over every kernel: exo-codegen, exo-vendor-update, exo-vendor-check.
include_guard(GLOBAL)

if(CMAKE_VERSION VERSION_LESS 3.20)
  message(FATAL_ERROR "exo_add_kernel needs CMake 3.20 or newer (DEPFILE support for "
                      "the Makefile generators); this is CMake ${CMAKE_VERSION}.")
endif()

# Functions record the policy settings in effect where they are defined, so the
# function below behaves the same whatever the caller's cmake_minimum_required.
cmake_policy(PUSH)
cmake_policy(VERSION 3.20...3.25)

option(EXO_USE_VENDORED "Build exo_add_kernel() libraries that have a VENDOR_DIR from the vendored C, without running exocc" OFF)
set(EXO_HOST "" CACHE STRING "Interpreter for the Python of exo_add_kernel() and add_exo_library() kernels: embedded or python3 (the CPython host); empty: each manifest's `host`, else embedded")
set(EXO_CACHE_DIR "" CACHE PATH "exocc IR cache directory for exo_add_kernel() (empty: exocc's default, e.g. the EXO_CACHE_DIR environment variable at build time)")
if(DEFINED ENV{EXO_TARGET} AND NOT "$ENV{EXO_TARGET}" STREQUAL "")
  set(_exo_default_target "$ENV{EXO_TARGET}")
else()
  set(_exo_default_target host)
endif()
set(EXO_TARGET "${_exo_default_target}" CACHE STRING "Target of exo_add_kernel() kernels without TARGET: a [target.NAME] of their manifest, host, or cmake (the toolchain's CMAKE_SYSTEM_PROCESSOR) (default: the EXO_TARGET environment variable, else host)")
set(EXO_JOB_POOL "" CACHE STRING "Ninja job pool for the exocc runs of exo_add_kernel() and add_exo_library() without JOB_POOL (empty: none)")

# _exo_umbrella(<umbrella> [<member>]): the project-wide target <umbrella>, created on
# first use (so that exo-codegen and the vendor targets exist whenever a kernel does),
# depending on <member>.
function(_exo_umbrella umbrella)
  if(NOT TARGET ${umbrella})
    add_custom_target(${umbrella})
    set_property(TARGET ${umbrella} PROPERTY FOLDER "exo")
  endif()
  if(ARGC GREATER 1)
    add_dependencies(${umbrella} ${ARGV1})
  endif()
endfunction()

# _exo_selection_args(<var> <caller> <TARGET argument> <PARAMS list>): the exocc options
# that select the target and override params (docs/manifest.md, "Targets and overrides").
# Without TARGET, EXO_TARGET; a cross build that falls back to its default, host, gets an
# author warning, since host means the manifest's defaults, not the cross target.
function(_exo_selection_args var caller target params)
  set(args "")
  if(target STREQUAL "")
    set(target "${EXO_TARGET}")
    if(CMAKE_CROSSCOMPILING AND target STREQUAL "host")
      get_property(_warned GLOBAL PROPERTY _EXO_WARNED_HOST_TARGET)
      if(NOT _warned)
        set_property(GLOBAL PROPERTY _EXO_WARNED_HOST_TARGET ON)
        message(AUTHOR_WARNING "${caller}: cross-compiling for ${CMAKE_SYSTEM_PROCESSOR} with EXO_TARGET=host, "
          "the default: the kernels are built for their manifests' host target (their default params), "
          "which need not suit ${CMAKE_SYSTEM_PROCESSOR}. Set -DEXO_TARGET=<name> (or TARGET on the call) "
          "to a [target.<name>] of the manifest, or to cmake for the toolchain's processor.")
      endif()
    endif()
  endif()
  if(target STREQUAL "cmake")
    # The meta-target of the toolchain: its processor's name (amd64 is x86_64, arm64
    # aarch64), so a cross build selects the manifest's [target.<processor>].
    string(TOLOWER "${CMAKE_SYSTEM_PROCESSOR}" target)
    if(target MATCHES "^(amd64|x64)$")
      set(target x86_64)
    elseif(target STREQUAL "arm64")
      set(target aarch64)
    endif()
    string(MAKE_C_IDENTIFIER "${target}" target)
  endif()
  if(NOT target MATCHES "^[A-Za-z_][A-Za-z0-9_]*$")
    message(FATAL_ERROR "${caller}: TARGET '${target}' is not a target name (an identifier)")
  endif()
  if(NOT target STREQUAL "host")
    list(APPEND args --target "${target}")
  endif()
  foreach(p IN LISTS params)
    if(NOT p MATCHES "^[A-Za-z_][A-Za-z0-9_]*=")
      message(FATAL_ERROR "${caller}: PARAMS entry '${p}' is not <name>=<value>")
    endif()
    list(APPEND args --param "${p}")
  endforeach()
  set(${var} "${args}" PARENT_SCOPE)
endfunction()

# _exo_job_args(<var> <JOB_POOL argument> <JOB_SERVER_AWARE flag>): the add_custom_command
# options for them. JOB_POOL (else EXO_JOB_POOL) is a Ninja pool, which the project
# declares (set_property(GLOBAL APPEND PROPERTY JOB_POOLS exo=2)); other generators
# ignore it. JOB_SERVER_AWARE is CMake 3.28's, for Makefiles; older CMake has no such
# option and it is left out.
function(_exo_job_args var pool job_server_aware)
  set(args "")
  if(pool STREQUAL "")
    set(pool "${EXO_JOB_POOL}")
  endif()
  if(NOT pool STREQUAL "")
    list(APPEND args JOB_POOL "${pool}")
  endif()
  if(job_server_aware AND CMAKE_VERSION VERSION_GREATER_EQUAL 3.28)
    list(APPEND args JOB_SERVER_AWARE ON)
  endif()
  set(${var} "${args}" PARENT_SCOPE)
endfunction()

# What every library of generated C gets (exo_add_kernel and add_exo_library):
# - the conventional alias ${PROJECT_NAME}::<target> (what upstream's add_exo_library
#   defines), so consumers name it the way they name imported targets;
# - no warnings on the generated C: a project building with -Wall -Wextra -Werror
#   must not fail on code it did not write (upstream's C has e.g. an unused `ctxt`
#   parameter in every proc), just as the Meson recipe builds it at warning_level=0.
#   Its header reaches consumers as a system include directory for the same reason;
# - no linting or unity-build merging of the generated C.
function(_exo_kernel_library_conventions target gen_c)
  add_library(${PROJECT_NAME}::${target} ALIAS ${target})
  set_source_files_properties(${gen_c} PROPERTIES
    COMPILE_OPTIONS "$<IF:$<C_COMPILER_ID:MSVC>,/w,-w>"
    SKIP_UNITY_BUILD_INCLUSION ON)
  if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.27)
    set_source_files_properties(${gen_c} PROPERTIES SKIP_LINTING ON)
  endif()
  if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.25)
    set_property(TARGET ${target} PROPERTY SYSTEM ON)
  endif()
endfunction()

# _exo_require_c(<caller>): exocc emits C, which the project must be able to compile.
function(_exo_require_c caller)
  get_property(_langs GLOBAL PROPERTY ENABLED_LANGUAGES)
  if(NOT "C" IN_LIST _langs)
    message(FATAL_ERROR "${caller}: exocc emits C; enable the C language "
                        "(project(... LANGUAGES C ...) or enable_language(C)).")
  endif()
endfunction()

# _exo_require_input_file(<what> <as given> <absolute path>): a mistyped input is a
# configure error here rather than a build error later, unless the build generates it.
function(_exo_require_input_file what given path)
  get_source_file_property(_generated "${path}" GENERATED)
  if(_generated)
    return()
  elseif(NOT EXISTS "${path}")
    message(FATAL_ERROR "${what} ${given}: no such file (looked for ${path})")
  elseif(IS_DIRECTORY "${path}")
    message(FATAL_ERROR "${what} ${given} is a directory, not a file")
  endif()
endfunction()

# _exo_choice_arg(<var> <caller> <ARGUMENT> <value> <word|word...> <--option>): the exocc
# option `--option=value` for an argument that takes one of a few words, empty when the
# value is.
function(_exo_choice_arg var caller argument value choices option)
  set(${var} "" PARENT_SCOPE)
  if(value STREQUAL "")
    return()
  elseif(NOT value MATCHES "^(${choices})$")
    string(REPLACE "|" " or " _words "${choices}")
    message(FATAL_ERROR "${caller}: ${argument} must be ${_words}, not '${value}'")
  endif()
  set(${var} "${option}=${value}" PARENT_SCOPE)
endfunction()

# _exo_checks_args(<var> <caller> <CHECKS argument>): the exocc option that selects the
# check level CHECKS names (docs/scheduling.md, "Check levels"), empty when CHECKS is.
function(_exo_checks_args var caller checks)
  _exo_choice_arg(_arg "${caller}" CHECKS "${checks}" "strict|upstream" --checks)
  set(${var} "${_arg}" PARENT_SCOPE)
endfunction()

# _exo_host_args(<var> <caller> <HOST argument>): the exocc option that selects the
# interpreter HOST (else EXO_HOST) names (docs/cpython-host.md), empty when neither is set.
function(_exo_host_args var caller host)
  if(host STREQUAL "")
    set(host "${EXO_HOST}")
  endif()
  _exo_choice_arg(_arg "${caller}" HOST "${host}" "embedded|python3" --host)
  set(${var} "${_arg}" PARENT_SCOPE)
endfunction()

# _exo_compiler(<var> <function> <target> <COMPILER argument>): the exocc that <function>
# runs for <target>, a target name or a path, empty when there is none. Exo_EXECUTABLE
# wins (a host exocc for cross builds), then the COMPILER argument, then Exo::exocc.
function(_exo_compiler var fn target compiler)
  set(exocc "")
  if(Exo_EXECUTABLE)
    if(EXISTS "${Exo_EXECUTABLE}" AND NOT IS_DIRECTORY "${Exo_EXECUTABLE}")
      set(exocc "${Exo_EXECUTABLE}")
    endif()
  elseif(compiler)
    if(TARGET "${compiler}")
      set(exocc "${compiler}")
    else()
      get_filename_component(exocc "${compiler}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
      if(NOT EXISTS "${exocc}")
        message(FATAL_ERROR "${fn}(${target}): COMPILER ${compiler} is neither a target nor an existing file")
      endif()
    endif()
  elseif(TARGET Exo::exocc)
    set(exocc Exo::exocc)
  endif()
  set(${var} "${exocc}" PARENT_SCOPE)
endfunction()

# _exo_generated_library(<target> <library type, may be empty> <outdir> <stem>
#                        COMMENT <text> COMMAND <exocc command...> DEPENDS <deps...>
#                        [EXTRA_C <more generated C files...>] [EXTRA_OUTPUTS <files...>]
#                        [JOB_ARGS <add_custom_command options...>])
# The rule that runs an exocc command writing <outdir>/<stem>.{c,h,d} (.d a depfile)
# and any EXTRA_C, the library <target> built from that C, and <target>.update
# (regenerate only), a member of exo-codegen. The command must accept a trailing
# `--depfile-target <path>`.
# EXTRA_OUTPUTS: further files the command writes (inspection outputs, the verification
# report), handled like the .c and .h but not compiled.
function(_exo_generated_library target type outdir stem)
  cmake_parse_arguments(PARSE_ARGV 4 ARG "" "COMMENT" "COMMAND;DEPENDS;EXTRA_C;EXTRA_OUTPUTS;JOB_ARGS")
  set(gen_c "${outdir}/${stem}.c")
  set(gen_h "${outdir}/${stem}.h")
  set(gen_d "${outdir}/${stem}.d")
  # The command line is part of the outputs' identity, but only Ninja reruns a command
  # whose line changed. A file holding it, rewritten only when it changes (file(CONFIGURE)
  # keeps an unchanged file's time), makes Make rerun it too when PARAMS, TARGET or
  # CHECKS change.
  set(options_file "${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/${target}.exo-command")
  string(REPLACE ";" "\n" _command_text "${ARG_COMMAND}")
  file(CONFIGURE OUTPUT "${options_file}" CONTENT "${_command_text}\n" @ONLY)
  if(CMAKE_GENERATOR MATCHES "Ninja")
    # Ninja: the real files are the outputs. CMake marks custom commands
    # `restat = 1`, so when exocc leaves a file untouched (same bytes) nothing
    # downstream is rebuilt, and a deleted output is simply out of date.
    add_custom_command(
      OUTPUT "${gen_c}" "${gen_h}" ${ARG_EXTRA_C} ${ARG_EXTRA_OUTPUTS}
      COMMAND ${ARG_COMMAND}
      DEPENDS ${ARG_DEPENDS} "${options_file}"
      DEPFILE "${gen_d}"
      COMMENT "${ARG_COMMENT}"
      ${ARG_JOB_ARGS}
      VERBATIM)
    add_library(${target} ${type} "${gen_c}" ${ARG_EXTRA_C})
    add_custom_target(${target}.update DEPENDS "${gen_c}" "${gen_h}" ${ARG_EXTRA_C})
  else()
    # Make (and others): CMake's rules touch every secondary OUTPUT after the
    # command, defeating write-if-changed, and outputs older than their inputs
    # re-run the command on every build. So the OUTPUT is a stamp touched on each
    # run, the real files are BYPRODUCTS that exocc writes only when their bytes
    # change, and the depfile names the stamp. A byproduct deleted by hand would
    # not make the stamp out of date, so the stamp also depends on the output
    # directory itself: removing (or adding) a file there bumps its mtime. The
    # stamp lives outside that directory so that touching it never does. The
    # directory is itself the output of a rule that creates it, so that removing
    # it whole (rm -rf <target>.exo) makes the stamp stale rather than leaving make
    # with "No rule to make target".
    # The command belongs to the <target>.update custom target only (a command
    # attached to two Makefile targets can run twice concurrently); the library
    # depends on that target, so its sources exist before it compiles.
    set(stamp "${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/${target}.exo-stamp")
    file(MAKE_DIRECTORY "${outdir}")
    add_custom_command(
      OUTPUT "${outdir}"
      COMMAND "${CMAKE_COMMAND}" -E make_directory "${outdir}"
      VERBATIM)
    add_custom_command(
      OUTPUT "${stamp}"
      BYPRODUCTS "${gen_c}" "${gen_h}" ${ARG_EXTRA_C} ${ARG_EXTRA_OUTPUTS}
      COMMAND ${ARG_COMMAND} --depfile-target "${stamp}"
      COMMAND "${CMAKE_COMMAND}" -E touch "${stamp}"
      DEPENDS ${ARG_DEPENDS} "${outdir}" "${options_file}"
      DEPFILE "${gen_d}"
      COMMENT "${ARG_COMMENT}"
      ${ARG_JOB_ARGS}
      VERBATIM)
    add_custom_target(${target}.update DEPENDS "${stamp}")
    add_library(${target} ${type} "${gen_c}" ${ARG_EXTRA_C})
    add_dependencies(${target} ${target}.update)
  endif()
  set_property(TARGET ${target}.update PROPERTY FOLDER "exo")
  _exo_umbrella(exo-codegen ${target}.update)
endfunction()

# _exo_extra_outputs(<args var> <outputs var> <outdir/stem>), in exo_add_kernel's scope:
# the exocc options and the files of the opt-in outputs IR_DUMP, TRACE and VERIFY
# (docs/inspection.md, docs/verification.md); sets the callers' output variables.
macro(_exo_extra_outputs args_var outputs_var base)
  set(${args_var} "")
  set(${outputs_var} "")
  # argument:exocc option:file suffix (STEM.<suffix>.txt)
  foreach(_spec IN ITEMS "IR_DUMP:ir-dump:ir" "TRACE:trace:trace" "VERIFY_REPORT:verify:verify")
    string(REPLACE ":" ";" _spec "${_spec}")
    list(GET _spec 0 _kind)
    list(GET _spec 1 _flag)
    list(GET _spec 2 _suffix)
    if(ARG_${_kind} OR (_kind STREQUAL "VERIFY_REPORT" AND ARG_VERIFY))
      list(APPEND ${args_var} "--${_flag}")
      list(APPEND ${outputs_var} "${base}.${_suffix}.txt")
      if(ARG_${_kind})
        set(${ARG_${_kind}} "${base}.${_suffix}.txt" PARENT_SCOPE)
      endif()
    endif()
  endforeach()
  if(ARG_VERIFY_CFLAGS AND NOT (ARG_VERIFY OR ARG_VERIFY_REPORT))
    message(FATAL_ERROR "exo_add_kernel(${target}): VERIFY_CFLAGS is only for VERIFY or VERIFY_REPORT")
  elseif(ARG_VERIFY_CFLAGS)
    list(JOIN ARG_VERIFY_CFLAGS " " _vflags)
    list(APPEND ${args_var} "--verify-cflags=${_vflags}")
  endif()
endmacro()

function(exo_add_kernel target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "VERIFY;JOB_SERVER_AWARE"
    "MANIFEST;STEM;OUTPUT_DIR;VENDOR_DIR;CACHE_DIR;COMPILER;CHECKS;HOST;TARGET;JOB_POOL;HEADER_OUTVAR;SOURCE_OUTVAR;IR_DUMP;TRACE;VERIFY_REPORT"
    "DEPENDS;PARAMS;VERIFY_CFLAGS;TARGETS;FEATURES")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "exo_add_kernel(${target}): unknown arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT ARG_MANIFEST)
    message(FATAL_ERROR "exo_add_kernel(${target}): MANIFEST is required")
  endif()
  _exo_require_c("exo_add_kernel(${target})")
  foreach(_umbrella IN ITEMS exo-codegen exo-vendor-update exo-vendor-check)
    _exo_umbrella(${_umbrella})
  endforeach()

  get_filename_component(manifest "${ARG_MANIFEST}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  if(ARG_STEM)
    set(stem "${ARG_STEM}")
  else()
    get_filename_component(stem "${manifest}" NAME_WLE)
  endif()
  if(ARG_OUTPUT_DIR)
    get_filename_component(outdir "${ARG_OUTPUT_DIR}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  else()
    set(outdir "${CMAKE_CURRENT_BINARY_DIR}/${target}.exo")
  endif()
  set(vendordir "")
  if(ARG_VENDOR_DIR)
    get_filename_component(vendordir "${ARG_VENDOR_DIR}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  endif()

  _exo_compiler(exocc exo_add_kernel ${target} "${ARG_COMPILER}")

  set(use_vendored OFF)
  if(vendordir AND (EXO_USE_VENDORED OR NOT exocc))
    set(use_vendored ON)
  endif()
  if(NOT exocc AND NOT use_vendored)
    if(Exo_EXECUTABLE)
      set(_why "Exo_EXECUTABLE (${Exo_EXECUTABLE}) does not exist")
    else()
      set(_why "no Exo::exocc target (call find_package(Exo) first) and no COMPILER argument")
    endif()
    message(FATAL_ERROR "exo_add_kernel(${target}): no exocc to run: ${_why}. "
                        "Give a VENDOR_DIR with vendored sources to build without exocc.")
  endif()

  # Every use of exocc reads the manifest. (A build from vendored sources alone never does.)
  if(exocc)
    _exo_require_input_file("exo_add_kernel(${target}): MANIFEST" "${ARG_MANIFEST}" "${manifest}")
  endif()

  # Command-line pieces shared by build, vendor and check.
  set(cache_args "")
  if(ARG_CACHE_DIR)
    get_filename_component(_cd "${ARG_CACHE_DIR}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
    set(cache_args --cache-dir "${_cd}")
  elseif(EXO_CACHE_DIR)
    set(cache_args --cache-dir "${EXO_CACHE_DIR}")
  endif()
  # CHECKS overrides the manifest's `checks` keys, for build, vendor and check alike.
  _exo_checks_args(_checks "exo_add_kernel(${target})" "${ARG_CHECKS}")
  list(APPEND cache_args ${_checks})
  # HOST (else EXO_HOST) overrides the manifest's `host` keys likewise.
  _exo_host_args(_host "exo_add_kernel(${target})" "${ARG_HOST}")
  list(APPEND cache_args ${_host})
  # TARGETS: one <stem>_<target>.c per target besides <stem>.c (the dispatch), each
  # marked for its target's features (docs/target-features.md).
  set(variant_files "")
  if(ARG_TARGETS)
    foreach(_t IN LISTS ARG_TARGETS)
      if(NOT _t MATCHES "^[A-Za-z0-9_]+$")
        message(FATAL_ERROR "exo_add_kernel(${target}): TARGETS: '${_t}' is not a target name (letters, digits and '_')")
      endif()
      list(APPEND variant_files "${stem}_${_t}.c")
    endforeach()
    string(REPLACE ";" "," _targets "${ARG_TARGETS}")
    list(APPEND cache_args --targets "${_targets}")
  endif()
  # FEATURES: target features every function (of every target) is compiled for, and
  # that a dispatch tests (docs/target-features.md, "Features for every target").
  if(ARG_FEATURES)
    foreach(_f IN LISTS ARG_FEATURES)
      if(NOT _f MATCHES "^[A-Za-z0-9_.+=-]+$")
        message(FATAL_ERROR "exo_add_kernel(${target}): FEATURES: '${_f}' is not a target feature name (such as fma or avx512vl)")
      endif()
    endforeach()
    string(REPLACE ";" "," _features "${ARG_FEATURES}")
    list(APPEND cache_args --features "${_features}")
  endif()
  # TARGET and PARAMS too: what is built, vendored and checked is one selection. With
  # TARGETS, each of those is built with its own [target.NAME] (and PARAMS), so neither
  # TARGET nor EXO_TARGET applies.
  set(_selected_target "${ARG_TARGET}")
  if(ARG_TARGETS AND NOT _selected_target STREQUAL "")
    message(FATAL_ERROR "exo_add_kernel(${target}): TARGET is not for a library with TARGETS "
                        "(each of TARGETS is built with its own [target.NAME])")
  elseif(ARG_TARGETS)
    set(_selected_target host)
  endif()
  _exo_selection_args(_selection "exo_add_kernel(${target})" "${_selected_target}" "${ARG_PARAMS}")
  list(APPEND cache_args ${_selection})
  _exo_job_args(job_args "${ARG_JOB_POOL}" "${ARG_JOB_SERVER_AWARE}")
  # File-level dependency on the compiler, so a new exocc regenerates (outputs are
  # only rewritten when their bytes change, so this costs no recompiles).
  set(compiler_dep "${exocc}")

  if(use_vendored)
    foreach(_f IN ITEMS "${stem}.c" "${stem}.h" ${variant_files})
      if(NOT EXISTS "${vendordir}/${_f}")
        message(FATAL_ERROR "exo_add_kernel(${target}): building from vendored sources "
                            "but ${vendordir}/${_f} does not exist. Run the "
                            "${target}.vendor_update target with exocc available.")
      endif()
    endforeach()
    set(src_dir "${vendordir}")
    set(gen_c "${vendordir}/${stem}.c")
    set(gen_h "${vendordir}/${stem}.h")
    list(TRANSFORM variant_files PREPEND "${vendordir}/" OUTPUT_VARIABLE variant_c)
    add_library(${target} STATIC "${gen_c}" ${variant_c})
    if(exocc)
      message(STATUS "exo_add_kernel(${target}): using vendored ${stem}.c/.h from ${vendordir} (EXO_USE_VENDORED)")
    else()
      message(STATUS "exo_add_kernel(${target}): no exocc; using vendored ${stem}.c/.h from ${vendordir}")
    endif()
  else()
    set(src_dir "${outdir}")
    set(gen_c "${outdir}/${stem}.c")
    set(gen_h "${outdir}/${stem}.h")
    list(TRANSFORM variant_files PREPEND "${outdir}/" OUTPUT_VARIABLE variant_c)
    file(RELATIVE_PATH _rel_manifest "${CMAKE_BINARY_DIR}" "${manifest}")
    _exo_extra_outputs(_extra_args _extra_outputs "${outdir}/${stem}")
    _exo_generated_library(${target} STATIC "${outdir}" "${stem}"
      COMMENT "exocc: generating ${stem}.c/.h from ${_rel_manifest}"
      COMMAND "${exocc}" build "${manifest}" -o "${outdir}" --stem "${stem}" ${cache_args} ${_extra_args}
      DEPENDS "${manifest}" ${compiler_dep} ${ARG_DEPENDS}
      EXTRA_C ${variant_c}
      EXTRA_OUTPUTS ${_extra_outputs}
      JOB_ARGS ${job_args})
  endif()

  if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.23)
    target_sources(${target} PUBLIC FILE_SET HEADERS BASE_DIRS "${src_dir}" FILES "${gen_h}")
  else()
    target_sources(${target} PRIVATE "${gen_h}")
    target_include_directories(${target} PUBLIC "$<BUILD_INTERFACE:${src_dir}>")
  endif()
  set_target_properties(${target} PROPERTIES
    POSITION_INDEPENDENT_CODE ON
    LINKER_LANGUAGE C)
  _exo_kernel_library_conventions(${target} "${gen_c};${variant_c}")

  if(vendordir AND exocc)
    set(vendor_cmd "${exocc}" vendor "${manifest}" --dir "${vendordir}" --stem "${stem}")
    add_custom_target(${target}.vendor_update
      COMMAND ${vendor_cmd} ${cache_args}
      COMMENT "exocc: updating vendored ${stem}.c/.h in ${vendordir}"
      ${job_args}
      VERBATIM)
    # The check as a build target as well as a test, so that exo-vendor-check can run
    # every kernel's.
    add_custom_target(${target}.vendor_check
      COMMAND ${vendor_cmd} --check ${cache_args}
      COMMENT "exocc: checking vendored ${stem}.c/.h in ${vendordir}"
      ${job_args}
      VERBATIM)
    set_property(TARGET ${target}.vendor_update ${target}.vendor_check PROPERTY FOLDER "exo")
    _exo_umbrella(exo-vendor-update ${target}.vendor_update)
    _exo_umbrella(exo-vendor-check ${target}.vendor_check)
    # add_test() would put CMAKE_CROSSCOMPILING_EMULATOR in front of an imported
    # (host) exocc named by target; name its file instead. A target built here
    # keeps its name, so it runs under the emulator like the custom commands.
    set(test_cmd ${vendor_cmd})
    if(TARGET "${exocc}")
      get_target_property(_imported "${exocc}" IMPORTED)
      if(_imported)
        list(POP_FRONT test_cmd)
        list(PREPEND test_cmd "$<TARGET_FILE:${exocc}>")
      endif()
    endif()
    add_test(NAME ${target}.vendor_check COMMAND ${test_cmd} --check ${cache_args})
  endif()

  if(ARG_HEADER_OUTVAR)
    set(${ARG_HEADER_OUTVAR} "${gen_h}" PARENT_SCOPE)
  endif()
  if(ARG_SOURCE_OUTVAR)
    set(${ARG_SOURCE_OUTVAR} "${gen_c}" PARENT_SCOPE)
  endif()
endfunction()

cmake_policy(POP)
