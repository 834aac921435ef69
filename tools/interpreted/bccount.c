// JVMTI agent (tools/interpreted/count.sh): counts interpreted bytecodes (SingleStep) and method entries
// of the calling thread between BcCount.start() and BcCount.stop(); with a file argument, writes per
// method: self bytecodes, inclusive bytecodes, calls (each divided by `per`), and caller->callee edges.
#include <jvmti.h>
#include <jni.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jvmtiEnv *jvmti;
static long long steps, calls;
#define HSIZE (1<<16)
typedef struct { jmethodID m; long long steps, calls, incl; } Ent;
static jmethodID stk[4096]; static long long stkSteps[4096]; static int depth;
typedef struct { jmethodID a, b; long long n, incl; } Edge;
#define ESIZE (1<<16)
static Edge edges[ESIZE];
static Edge *edge(jmethodID a, jmethodID b){ unsigned long h=(((unsigned long)a>>3)*31+((unsigned long)b>>3))*2654435761u; for(unsigned long i=h&(ESIZE-1);;i=(i+1)&(ESIZE-1)){ if(edges[i].a==a&&edges[i].b==b&&edges[i].n>=0&&edges[i].a) return &edges[i]; if(edges[i].a==0){edges[i].a=a;edges[i].b=b;return &edges[i];} } }
static Ent table[HSIZE];
static int detail;

static Ent *ent(jmethodID m) {
  unsigned long h = ((unsigned long)m >> 3) * 2654435761u;
  for (unsigned long i = h & (HSIZE-1);; i = (i+1) & (HSIZE-1)) {
    if (table[i].m == m) return &table[i];
    if (table[i].m == 0) { table[i].m = m; return &table[i]; }
  }
}
static void JNICALL onStep(jvmtiEnv *j, JNIEnv *e, jthread t, jmethodID m, jlocation l) {
  steps++; if (detail) ent(m)->steps++;
}
static void JNICALL onEntry(jvmtiEnv *j, JNIEnv *e, jthread t, jmethodID m) {
  calls++; if (detail) { ent(m)->calls++; if (depth<4096){ stk[depth]=m; stkSteps[depth]=steps; } depth++; }
}
static void JNICALL onExit(jvmtiEnv *j, JNIEnv *e, jthread t, jmethodID m, jboolean ex, jvalue v) {
  if (!detail || depth<=0) return; depth--; if (depth<4096 && stk[depth]==m) { long long d=steps-stkSteps[depth]; ent(m)->incl+=d; if(depth>0){ Edge *g=edge(stk[depth-1],m); g->n++; g->incl+=d; } } }
JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM *vm, char *options, void *reserved) {
  (*vm)->GetEnv(vm, (void **)&jvmti, JVMTI_VERSION_1_2);
  jvmtiCapabilities caps; memset(&caps, 0, sizeof caps);
  caps.can_generate_single_step_events = 1;
  caps.can_generate_method_entry_events = 1; caps.can_generate_method_exit_events = 1;
  if ((*jvmti)->AddCapabilities(jvmti, &caps)) { fprintf(stderr, "caps failed\n"); return 1; }
  jvmtiEventCallbacks cb; memset(&cb, 0, sizeof cb);
  cb.SingleStep = onStep; cb.MethodEntry = onEntry; cb.MethodExit = onExit;
  (*jvmti)->SetEventCallbacks(jvmti, &cb, sizeof cb);
  return 0;
}
JNIEXPORT void JNICALL Java_BcCount_start(JNIEnv *env, jclass c, jboolean d) {
  steps = calls = 0; detail = d; depth = 0; memset(table, 0, sizeof table); memset(edges,0,sizeof edges);
  jthread t; (*jvmti)->GetCurrentThread(jvmti, &t);
  (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_METHOD_ENTRY, t);
  if (d) (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_METHOD_EXIT, t);
  (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_ENABLE, JVMTI_EVENT_SINGLE_STEP, t);
}
static int cmp(const void *a, const void *b) {
  long long x = ((Ent*)a)->steps, y = ((Ent*)b)->steps; return x < y ? 1 : x > y ? -1 : 0;
}
JNIEXPORT jlong JNICALL Java_BcCount_stop(JNIEnv *env, jclass c, jstring file, jint per) {
  jthread t; (*jvmti)->GetCurrentThread(jvmti, &t);
  (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_DISABLE, JVMTI_EVENT_SINGLE_STEP, t);
  (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_DISABLE, JVMTI_EVENT_METHOD_ENTRY, t);
  (*jvmti)->SetEventNotificationMode(jvmti, JVMTI_DISABLE, JVMTI_EVENT_METHOD_EXIT, t);
  if (detail && file) {
    const char *fn = (*env)->GetStringUTFChars(env, file, 0);
    FILE *f = fopen(fn, "w");
    if (!f) { (*env)->ReleaseStringUTFChars(env, file, fn); return steps; }
    qsort(table, HSIZE, sizeof(Ent), cmp);
    for (int i = 0; i < HSIZE && table[i].m; i++) {
      jclass k; char *cs, *mn, *sig;
      (*jvmti)->GetMethodDeclaringClass(jvmti, table[i].m, &k);
      (*jvmti)->GetClassSignature(jvmti, k, &cs, 0);
      (*jvmti)->GetMethodName(jvmti, table[i].m, &mn, &sig, 0);
      fprintf(f, "%8.1f %8.1f %6.2f %s.%s%s\n", table[i].steps/(double)per, table[i].incl/(double)per, table[i].calls/(double)per, cs, mn, sig);
    }
    fclose(f);
    char fn2[4096]; snprintf(fn2, sizeof fn2, "%s.edges", fn); f = fopen(fn2, "w");
    for (int i = 0; i < ESIZE; i++) if (edges[i].a) {
      char *n[2]; jmethodID ms[2] = {edges[i].a, edges[i].b};
      for (int q = 0; q < 2; q++) { jclass k; char *cs, *mn, *sig; (*jvmti)->GetMethodDeclaringClass(jvmti, ms[q], &k); (*jvmti)->GetClassSignature(jvmti, k, &cs, 0); (*jvmti)->GetMethodName(jvmti, ms[q], &mn, &sig, 0); n[q] = malloc(1024); snprintf(n[q], 1024, "%s.%s", cs, mn); }
      fprintf(f, "%8.1f %6.2f %s -> %s\n", edges[i].incl/(double)per, edges[i].n/(double)per, n[0], n[1]);
    }
    fclose(f);
    (*env)->ReleaseStringUTFChars(env, file, fn);
  }
  return steps;
}
JNIEXPORT jlong JNICALL Java_BcCount_calls(JNIEnv *env, jclass c) { return calls; }
