/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The application runs as our child, not in our place: the runtime must outlive it to unmount
 * the image or remove the extracted copy. So whoever stops the AppImage (a service manager, a
 * terminal, `timeout`) signals us, and we pass the signal on and wait. Signals are taken
 * synchronously (blocked, then sigwaitinfo()): no handler runs in the middle of libfuse, and a
 * signal that arrives before the child exists is still pending when we look.
 */
#include "runtime.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

static const int forwarded[] = {SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2};

static void waited_for(sigset_t *set)
{
    sigemptyset(set);
    for (size_t index = 0; index < sizeof forwarded / sizeof forwarded[0]; ++index) {
        sigaddset(set, forwarded[index]);
    }
    sigaddset(set, SIGCHLD);
}

void supervise_block_signals(sigset_t *previous)
{
    sigset_t set;
    waited_for(&set);
    pthread_sigmask(SIG_BLOCK, &set, previous);
}

/* Between fork() and exec only async-signal-safe calls: the parent may run a FUSE thread. */
static void say(const char *text)
{
    if (write(STDERR_FILENO, text, strlen(text)) < 0) {
        _exit(RUNTIME_FAILURE);
    }
}

static void start_child(const char *program, char *const argv[], const sigset_t *child_mask,
                        pid_t parent)
{
    /* If the runtime is killed outright (SIGKILL), the application is told to end too: its
     * files (a mount that nobody serves, a folder nobody removes) are going away. */
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent) {
        _exit(RUNTIME_FAILURE);
    }
    pthread_sigmask(SIG_SETMASK, child_mask, NULL);
    execv(program, argv);
    const char *reason = strerrordesc_np(errno);
    say("appimage runtime: cannot run ");
    say(program);
    say(": ");
    say(reason ? reason : "unknown error");
    say("\n");
    _exit(RUNTIME_FAILURE);
}

int supervise_run(const char *program, char *const argv[], const sigset_t *child_mask)
{
    sigset_t set;
    waited_for(&set);
    pid_t parent = getpid();
    pid_t child = fork();
    if (child < 0) {
        perror("appimage runtime: fork");
        return RUNTIME_FAILURE;
    }
    if (child == 0) {
        start_child(program, argv, child_mask, parent);
    }
    for (;;) {
        siginfo_t info;
        int received = sigwaitinfo(&set, &info);
        if (received < 0) {
            continue; /* EINTR, from a stop and continue under a debugger */
        }
        if (received == SIGCHLD) {
            int status;
            if (waitpid(child, &status, WNOHANG) == child) {
                return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
            }
            continue;
        }
        /* The kernel sends these itself only to a whole process group (Ctrl-C, Ctrl-\ and a
         * hang-up of the terminal), and the child is in ours: it has its own copy already. */
        if (info.si_code == SI_KERNEL) {
            continue;
        }
        kill(child, received);
    }
}
