#pragma once

#include "engine/matcher.h"

struct View {
    Matcher matcher;
};
