# Writes a header defining GPUTRIAGE_CODE_DIGEST, a digest of the files listed in LIST (one path
# a line), and rewrites it only when the digest changed: the cache of compiled rules and databases
# is keyed by the code that derives them, not by the binary (which stripping or relinking changes).
#   cmake -DLIST=FILE -DOUT=HEADER -P CodeDigest.cmake
file(STRINGS "${LIST}" files)
set(all "")
foreach(f IN LISTS files)
    file(SHA256 "${f}" h)
    string(APPEND all "${h}")
endforeach()
string(SHA256 digest "${all}")
file(WRITE "${OUT}.new" "#pragma once\n#define GPUTRIAGE_CODE_DIGEST \"${digest}\"\n")
file(COPY_FILE "${OUT}.new" "${OUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUT}.new")
