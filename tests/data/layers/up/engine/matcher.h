#pragma once
#include "text/logdocument.h"
