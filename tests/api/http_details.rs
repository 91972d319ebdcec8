//! HTTP details (issue 12, item 6), each through the real server.
