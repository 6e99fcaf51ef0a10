#pragma once
// Tools a game declares for the command line, run offline rather than in a room: `boardroom
// solve` (a solver that builds and checks a table) and `boardroom analyze` (the value of a
// position and of each move, from what the solver built). The commands read their flags and
// hand them here; the game prints its own report on the streams given.

#include <cstdint>
#include <ostream>
#include <string>

#include "engine/core/params.hpp"
#include "engine/core/registry.hpp"

namespace boardroom::engine {

struct solve_request {
  game_spec spec;
  // The command's flags that only some solvers read, by name ("edition", "sisyphos_stones",
  // "spirit_stones"); a flag not given is absent.
  param_map options;
  std::string out;  // write the table here ("" for nowhere)
  int threads = 2;
  std::uint64_t verify = 0;  // check this many random nodes afterwards (0: none)
  bool progress = false;     // report each step on the error stream
};

struct analyze_request {
  std::string table;  // the solver's table file; "" to build it in memory first
  int threads = 2;
  bool json = false;  // print the analysis as the server sends it
};

class offline_tools {
 public:
  virtual ~offline_tools() = default;

  // Both return the command's exit code: 0 done, 1 failed, 2 a request the game cannot serve.
  // Reports go to `out`, errors and progress to `err`.
  virtual int solve(const solve_request& request, std::ostream& out, std::ostream& err) const = 0;
  // `position` belongs to request.spec's game.
  virtual int analyze(const game_spec& spec, const state& position, const analyze_request& request,
                      std::ostream& out, std::ostream& err) const = 0;
};

}  // namespace boardroom::engine
