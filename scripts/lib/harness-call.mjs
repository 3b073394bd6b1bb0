// The started app's loopback harness as its screens call it, for the checks' scripts:
// `const { call, check } = harness(url, name)`.
export function harness(url, name) {
  const { origin, hash } = new URL(url);
  const token = new URLSearchParams(hash.slice(1)).get('token');
  const call = async (call, arg) => {
    const res = await fetch(`${origin}/__shubbak/call/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shubbak-token': token },
      body: JSON.stringify({ arg }),
    });
    return res.json();
  };
  const check = (ok, what, got) => {
    if (!ok) throw new Error(got === undefined ? what : `${what}: ${JSON.stringify(got)}`);
    console.log(`${name}: ok: ${what}`);
  };
  return { call, check };
}
