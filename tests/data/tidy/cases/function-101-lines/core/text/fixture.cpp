#include "text/fixture.h"

namespace fixture {

int countNonEmpty(const std::string *items, int count)
{
    int n = 0;
    for (int i = 0; i < count; ++i)
        if (!items[i].empty())
            ++n;
    return firstOrNone(items, count) ? n : 0;
}

// 101 lines from its opening brace to its closing one: one more than
// readability-function-size (LineThreshold 100) lets pass.
int totalSize(const std::string *items, int count)
{
    int n = 0;
    n += count > 0 ? int(items[0].size()) : 0;
    n += count > 1 ? int(items[1].size()) : 0;
    n += count > 2 ? int(items[2].size()) : 0;
    n += count > 3 ? int(items[3].size()) : 0;
    n += count > 4 ? int(items[4].size()) : 0;
    n += count > 5 ? int(items[5].size()) : 0;
    n += count > 6 ? int(items[6].size()) : 0;
    n += count > 7 ? int(items[7].size()) : 0;
    n += count > 8 ? int(items[8].size()) : 0;
    n += count > 9 ? int(items[9].size()) : 0;
    n += count > 10 ? int(items[10].size()) : 0;
    n += count > 11 ? int(items[11].size()) : 0;
    n += count > 12 ? int(items[12].size()) : 0;
    n += count > 13 ? int(items[13].size()) : 0;
    n += count > 14 ? int(items[14].size()) : 0;
    n += count > 15 ? int(items[15].size()) : 0;
    n += count > 16 ? int(items[16].size()) : 0;
    n += count > 17 ? int(items[17].size()) : 0;
    n += count > 18 ? int(items[18].size()) : 0;
    n += count > 19 ? int(items[19].size()) : 0;
    n += count > 20 ? int(items[20].size()) : 0;
    n += count > 21 ? int(items[21].size()) : 0;
    n += count > 22 ? int(items[22].size()) : 0;
    n += count > 23 ? int(items[23].size()) : 0;
    n += count > 24 ? int(items[24].size()) : 0;
    n += count > 25 ? int(items[25].size()) : 0;
    n += count > 26 ? int(items[26].size()) : 0;
    n += count > 27 ? int(items[27].size()) : 0;
    n += count > 28 ? int(items[28].size()) : 0;
    n += count > 29 ? int(items[29].size()) : 0;
    n += count > 30 ? int(items[30].size()) : 0;
    n += count > 31 ? int(items[31].size()) : 0;
    n += count > 32 ? int(items[32].size()) : 0;
    n += count > 33 ? int(items[33].size()) : 0;
    n += count > 34 ? int(items[34].size()) : 0;
    n += count > 35 ? int(items[35].size()) : 0;
    n += count > 36 ? int(items[36].size()) : 0;
    n += count > 37 ? int(items[37].size()) : 0;
    n += count > 38 ? int(items[38].size()) : 0;
    n += count > 39 ? int(items[39].size()) : 0;
    n += count > 40 ? int(items[40].size()) : 0;
    n += count > 41 ? int(items[41].size()) : 0;
    n += count > 42 ? int(items[42].size()) : 0;
    n += count > 43 ? int(items[43].size()) : 0;
    n += count > 44 ? int(items[44].size()) : 0;
    n += count > 45 ? int(items[45].size()) : 0;
    n += count > 46 ? int(items[46].size()) : 0;
    n += count > 47 ? int(items[47].size()) : 0;
    n += count > 48 ? int(items[48].size()) : 0;
    n += count > 49 ? int(items[49].size()) : 0;
    n += count > 50 ? int(items[50].size()) : 0;
    n += count > 51 ? int(items[51].size()) : 0;
    n += count > 52 ? int(items[52].size()) : 0;
    n += count > 53 ? int(items[53].size()) : 0;
    n += count > 54 ? int(items[54].size()) : 0;
    n += count > 55 ? int(items[55].size()) : 0;
    n += count > 56 ? int(items[56].size()) : 0;
    n += count > 57 ? int(items[57].size()) : 0;
    n += count > 58 ? int(items[58].size()) : 0;
    n += count > 59 ? int(items[59].size()) : 0;
    n += count > 60 ? int(items[60].size()) : 0;
    n += count > 61 ? int(items[61].size()) : 0;
    n += count > 62 ? int(items[62].size()) : 0;
    n += count > 63 ? int(items[63].size()) : 0;
    n += count > 64 ? int(items[64].size()) : 0;
    n += count > 65 ? int(items[65].size()) : 0;
    n += count > 66 ? int(items[66].size()) : 0;
    n += count > 67 ? int(items[67].size()) : 0;
    n += count > 68 ? int(items[68].size()) : 0;
    n += count > 69 ? int(items[69].size()) : 0;
    n += count > 70 ? int(items[70].size()) : 0;
    n += count > 71 ? int(items[71].size()) : 0;
    n += count > 72 ? int(items[72].size()) : 0;
    n += count > 73 ? int(items[73].size()) : 0;
    n += count > 74 ? int(items[74].size()) : 0;
    n += count > 75 ? int(items[75].size()) : 0;
    n += count > 76 ? int(items[76].size()) : 0;
    n += count > 77 ? int(items[77].size()) : 0;
    n += count > 78 ? int(items[78].size()) : 0;
    n += count > 79 ? int(items[79].size()) : 0;
    n += count > 80 ? int(items[80].size()) : 0;
    n += count > 81 ? int(items[81].size()) : 0;
    n += count > 82 ? int(items[82].size()) : 0;
    n += count > 83 ? int(items[83].size()) : 0;
    n += count > 84 ? int(items[84].size()) : 0;
    n += count > 85 ? int(items[85].size()) : 0;
    n += count > 86 ? int(items[86].size()) : 0;
    n += count > 87 ? int(items[87].size()) : 0;
    n += count > 88 ? int(items[88].size()) : 0;
    n += count > 89 ? int(items[89].size()) : 0;
    n += count > 90 ? int(items[90].size()) : 0;
    n += count > 91 ? int(items[91].size()) : 0;
    n += count > 92 ? int(items[92].size()) : 0;
    n += count > 93 ? int(items[93].size()) : 0;
    n += count > 94 ? int(items[94].size()) : 0;
    n += count > 95 ? int(items[95].size()) : 0;
    n += count > 96 ? int(items[96].size()) : 0;
    n += count > 97 ? int(items[97].size()) : 0;
    return n;
}

} // namespace fixture
