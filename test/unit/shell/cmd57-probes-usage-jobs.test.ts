// rt20cmd false positives, by class, through `agentguard eval` on a real workspace: a usage request of a publisher or
// deployer prints and does nothing; signal 0 only tests that processes exist; a job count that is a number by
// construction (`make -j$(nproc)`) picks no recipe. Each with look-alikes that must still be asked.
import { checkEval, suiteWorkspace } from './workspace';

describe('usage requests, signal-0 probes and job counts (cmd57)', () => {
  const w = suiteWorkspace();
  it('--help of a publisher, deployer or cluster verb is allowed; the verb itself, or --help where a value goes, is asked', () =>
    checkEval(w, [
      ['npm publish --help', 'allow'],
      ['npm publish -h', 'allow'],
      ['twine upload --help', 'allow'],
      ['cargo publish --help', 'allow'],
      ['poetry publish --help', 'allow'],
      ['docker push --help', 'allow'],
      ['terraform apply -help', 'allow'],
      ['kubectl apply --help', 'allow'],
      ['helm install --help', 'allow'],
      ['gh release create --help', 'allow'],
      ['vercel deploy --help', 'allow'],
      ['fly deploy --help', 'allow'],
      // still asked
      ['npm publish', 'ask'],
      ['npm publish -- --help', 'ask'],
      ['npm publish $X --help', 'ask'],
      ['gh release create v1 --notes --help', 'ask'],
      ['vercel deploy --prod --help', 'ask'],
      ['docker push img', 'ask'],
      ['terraform apply', 'ask'],
      ['heroku frob --help', 'ask'],
      ['helm frob --help', 'ask'],
    ]));

  it('pkill and killall with signal 0 only test; any other signal, or one only known at run time, kills', () =>
    checkEval(w, [
      ['pkill -0 node', 'allow'],
      ['pkill -0 node; echo $?', 'allow'],
      ['pkill -0 -f vite', 'allow'],
      ['pkill --signal 0 -x node', 'allow'],
      ['pkill --signal=0 node', 'allow'],
      ['killall -0 node', 'allow'],
      ['killall -s 0 node', 'allow'],
      ['kill -0 1234', 'allow'],
      // still asked
      ['pkill node', 'ask'],
      ['pkill -f vite', 'ask'],
      ['pkill -0 -9 node', 'ask'],
      ['pkill --signal=KILL -0 node', 'ask'],
      ['pkill -$SIG node', 'ask'],
      ['killall -s 9 node', 'ask'],
      ['killall -s $S node', 'ask'],
    ]));

  it('make -j with a number by construction runs the recipes it names, judged as ever', () =>
    checkEval(w, [
      ['make -j$(nproc)', 'allow'],
      ['make -j "$(nproc)" test', 'allow'],
      ['make -j $(nproc) test', 'allow'],
      ['make --jobs=$(nproc) all', 'allow'],
      ['make -j$(getconf _NPROCESSORS_ONLN)', 'allow'],
      ['make -l$(nproc) -j$(nproc)', 'allow'],
      ['pytest -n $(nproc)', 'allow'],
      ['npx jest -w $(nproc)', 'allow'],
      // the recipes are still read, and other run-time words still ask
      ['make -j$(nproc) wipe', 'not-allow'],
      ['make -j $(nproc) wipe', 'not-allow'],
      ['make --jobs=$(nproc) leak', 'deny'],
      ['make -j$(cat /tmp/n)', 'ask'],
      ['make $(nproc)', 'ask'],
      ['make -f$(nproc)', 'ask'],
      ['make -C $(nproc)', 'ask'],
      ['rm -rf $(nproc)', 'ask'],
      ['kill $(nproc)', 'ask'],
      ['pytest $(cat list)', 'ask'],
    ]));
});
