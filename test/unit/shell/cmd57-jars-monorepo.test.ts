// rt20cmd classes history-rewrite-tool and wrapper-unverified, through `agentguard eval` on a real workspace: a jar
// that is not the project's build output is code the guard cannot read (and bfg rewrites history); Rush.js verbs that
// delete installed trees, commit, publish or write credentials, and any verb that is no built-in one (a custom
// command, or shenwei356/rush's template), are asked. The project's own builds and installs stay allowed.
import { checkEval, suiteWorkspace } from './workspace';

describe('jars and monorepo tools (cmd57)', () => {
  const w = suiteWorkspace();
  it('java -jar of a jar that is not the build output, or of a history rewriter, is asked', () =>
    checkEval(w, [
      ['java -jar bfg.jar --strip-blobs-bigger-than 1M', 'ask'],
      ['java -jar bfg-1.14.0.jar --delete-files id_rsa', 'not-allow'],
      ['java -jar build/libs/bfg-1.14.0.jar --replace-text p.txt', 'ask'],
      ['java -jar ~/Downloads/tool.jar', 'ask'],
      ['java -jar /tmp/tool.jar', 'ask'],
      ['java -jar lib/tool.jar', 'ask'],
      ['java -jar ./app.jar', 'ask'],
      ['java -jar target/../bfg.jar', 'ask'],
      ['java -jar $JAR', 'ask'],
      ['java -Xmx2g -jar tool.jar --help', 'ask'],
      ['git filter-repo --path src --invert-paths', 'ask'],
      ['bfg --strip-blobs-bigger-than 1M', 'ask'],
      // the project's own build output, the wrappers, the JVM alone
      ['java -jar build/libs/app.jar', 'allow'],
      ['java -jar target/app-1.0.jar', 'allow'],
      ['java -jar ./target/app-1.0.jar --server.port=8080', 'allow'],
      ['java -jar services/api/build/libs/api.jar', 'allow'],
      ['java -jar gradle/wrapper/gradle-wrapper.jar --version', 'allow'],
      ['java -version', 'allow'],
      ['java -cp target/classes com.example.Main', 'allow'],
    ]));

  it('rush and lerna verbs that delete, commit, publish or run custom commands are asked; builds and installs are not', () =>
    checkEval(w, [
      ['rush purge', 'ask'],
      ['rush purge --unsafe', 'ask'],
      ['rush unlink', 'ask'],
      ['rush install --purge', 'ask'],
      ['rush update --full --purge', 'ask'],
      ['rush deploy --overwrite', 'ask'],
      ['rush init --overwrite-existing', 'ask'],
      ['rush version --bump', 'ask'],
      ['rush publish -a -p', 'ask'],
      ['rush setup', 'ask'],
      ['rush deploy-docs', 'ask'],
      ['rush rm -rf build', 'ask'],
      ['rush rm -rf src', 'not-allow'],
      ['npx lerna clean -y', 'ask'],
      // everyday
      ['rush install', 'allow'],
      ['rush update', 'allow'],
      ['rush build', 'allow'],
      ['rush rebuild', 'allow'],
      ['rush build -t my-app', 'allow'],
      ['rush change --verify', 'allow'],
      ['rush list', 'allow'],
      ['rush purge --help', 'allow'],
      ['npx lerna run build', 'allow'],
    ]));
});
