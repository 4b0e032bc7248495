# Writes OUT (a C header defining KIBITZ_GIT_COMMIT) from `git describe` of
# SRC, run at every build so `kibitz --version` names the commit built; the
# file is rewritten only when the text changes, so nothing recompiles
# otherwise. Outside a git checkout the commit is "unknown".
execute_process(
  COMMAND git -C "${SRC}" describe --always --dirty --abbrev=12
  OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE
  RESULT_VARIABLE failed ERROR_QUIET)
if(failed OR commit STREQUAL "")
  set(commit "unknown")
endif()
set(text "#define KIBITZ_GIT_COMMIT \"${commit}\"\n")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
else()
  set(old "")
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUT}" "${text}")
endif()
