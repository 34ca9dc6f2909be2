#pragma once
#include "engine/matcher.h" // a lower layer reaching up
