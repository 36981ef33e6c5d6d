/**
 * The inspect rules: each checks the recipe against a host's facts and reports what it finds with
 * its rule id, pure, so it is tested on recorded facts; a rule reports the gap from what the recipe
 * decided and never decides again.
 *
 * <h2>The AIO mode ({@link IoModeRule})</h2>
 *
 * <p>io=native needs O_DIRECT (cache none or directsync): with another cache mode QEMU refuses to
 * start the guest. Without it, a thread pool emulates asynchronous I/O. The io mode is judged
 * against the cache the disk keeps when that is a choice (writeback goes with threads), else
 * against the recipe's, so that one wrong cache is not reported twice.
 */
package io.virttune.inspect.rules;
