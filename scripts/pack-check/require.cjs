// Runs inside the scratch project: require() of each package named on the command line, which
// Node 20.19 and newer allow for an ES module without top-level await (require(esm)). It must
// give the very module instance import() gives, not a second copy.
const assert = require('node:assert/strict');

(async () => {
  for (const name of process.argv.slice(2)) {
    const required = require(name);
    const imported = await import(name);
    assert.ok(Object.keys(required).length > 0, `require('${name}') gives no exports`);
    for (const key of Object.keys(imported)) {
      assert.equal(required[key], imported[key], `require('${name}').${key} is import's`);
    }
    console.log(`  require ${name}: ok (${Object.keys(required).length} exports, the same module as import)`);
  }
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
