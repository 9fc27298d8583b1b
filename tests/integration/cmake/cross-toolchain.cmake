# A simulated cross build for run.sh: CMAKE_CROSSCOMPILING is on, but the "target"
# is this machine, so the results still run. run.sh adds a bogus
# CMAKE_CROSSCOMPILING_EMULATOR to prove a host exocc is never run through it.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR simulated)
