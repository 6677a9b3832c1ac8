// Compiles each Java request sample of languages.test.ts in one JVM: one `javac` per sample would start a JVM
// and load the compiler 33 times (each sample is a class `ApiSample` of its own, so one `javac` over all of them
// would refuse the duplicate classes). Usage: java CompileSamples.java DIR...; each DIR holds ApiSample.java and
// receives ApiSample.class, or compile.log with javac's messages when it does not compile.
import java.io.File;
import java.io.FileOutputStream;
import java.io.OutputStream;
import javax.tools.ToolProvider;

public class CompileSamples {
  public static void main(String[] args) throws Exception {
    var javac = ToolProvider.getSystemJavaCompiler();
    for (String dir : args) {
      var log = new File(dir, "compile.log");
      int code;
      try (OutputStream out = new FileOutputStream(log)) {
        code = javac.run(null, out, out, "-d", dir, new File(dir, "ApiSample.java").getPath());
      }
      if (code == 0) log.delete();
    }
  }
}
