#pragma once
// Come on, Sisyphos on the command line (engine/core/offline_tools.hpp): `boardroom solve
// sisyphos` runs the retrograde analysis, prints its summary and writes the table file the server
// and `boardroom analyze --table` load; `boardroom analyze sisyphos` prints the value of a
// position and of each legal move from that table.

#include "engine/core/offline_tools.hpp"

namespace boardroom::engine::sisyphos {

const engine::offline_tools& the_offline_tools();

}  // namespace boardroom::engine::sisyphos
