import { defineProject } from "vitest/config";
import server, { MOCKING_TEST_FILES } from "./vitest.config.js";

// The server test files that mock a module (MOCKING_TEST_FILES), with the server suites' setup but each
// file isolated, so its mocks replace modules no earlier file has imported.
export default defineProject({
  ...server,
  test: {
    ...server.test,
    name: "server-isolated",
    include: MOCKING_TEST_FILES,
    exclude: [],
    isolate: true,
  },
});
