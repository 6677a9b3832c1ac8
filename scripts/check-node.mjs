// Runs before `npm start` and `npm test` (issue #23): one line and a non-zero exit on a Node the portal
// is not tested with. Plain JavaScript, so any Node can run it. Keep in step with package.json `engines`.
const SUPPORTED = [24, 26];
const major = Number(process.versions.node.split('.')[0]);
if (!SUPPORTED.includes(major)) {
  console.error(
    `Node ${process.version} is not supported: use Node 24 (LTS) or 26 (for example ". scripts/use-node.sh", which fetches Node 24 into .tools/).`,
  );
  process.exit(1);
}
