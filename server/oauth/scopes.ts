/** The scope that grants the MCP server's tools: the only resource scope the authorization server issues. */
export const MCP_SCOPE = 'mcp';
