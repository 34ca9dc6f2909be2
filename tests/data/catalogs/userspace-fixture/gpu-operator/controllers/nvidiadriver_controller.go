/*
Copyright 2021.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

package controllers

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/workqueue"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"

	gpuv1 "github.com/NVIDIA/gpu-operator/api/nvidia/v1"
	nvidiav1alpha1 "github.com/NVIDIA/gpu-operator/api/nvidia/v1alpha1"
	"github.com/NVIDIA/gpu-operator/controllers/clusterinfo"
	"github.com/NVIDIA/gpu-operator/internal/conditions"
	"github.com/NVIDIA/gpu-operator/internal/consts"
	"github.com/NVIDIA/gpu-operator/internal/state"
	"github.com/NVIDIA/gpu-operator/internal/validator"
)
// Excerpt for the gputriage message-catalog test: controllers/nvidiadriver_controller.go at v26.7.0 (84-130);
// the file's other lines are omitted.
// - https://pkg.go.dev/sigs.k8s.io/controller-runtime@v0.8.3/pkg/reconcile
func (r *NVIDIADriverReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	logger := log.FromContext(ctx)
	logger.V(consts.LogLevelInfo).Info("Reconciling NVIDIADriver")

	// Get the NvidiaDriver instance from this request
	instance := &nvidiav1alpha1.NVIDIADriver{}
	if err := r.Get(ctx, req.NamespacedName, instance); err != nil {
		if apierrors.IsNotFound(err) {
			// Request object not found, could have been deleted after reconcile request.
			return reconcile.Result{}, nil
		}
		wrappedErr := fmt.Errorf("error getting NVIDIADriver object: %w", err)
		logger.Error(err, "error getting NVIDIADriver object")
		instance.Status.State = nvidiav1alpha1.NotReady
		if condErr := r.conditionUpdater.SetConditionsError(ctx, instance, conditions.ReconcileFailed, wrappedErr.Error()); condErr != nil {
			logger.Error(condErr, "failed to set condition")
		}
		// Error reading the object - requeue the request.
		return reconcile.Result{}, wrappedErr
	}
	if instance.HasDeletionTimestamp() {
		return reconcile.Result{}, nil
	}

	// Resolve the active cluster configuration (ClusterPolicy, GPUCluster, or both).
	clusterPolicy, gpuCluster, err := resolveActiveConfig(ctx, r.Client)
	if err != nil {
		logger.Error(err, "error resolving active cluster configuration")
		instance.Status.State = nvidiav1alpha1.NotReady
		if condErr := r.conditionUpdater.SetConditionsError(ctx, instance, conditions.ReconcileFailed, err.Error()); condErr != nil {
			logger.Error(condErr, "failed to set condition")
		}
		return reconcile.Result{}, err
	}

	// A ClusterPolicy that does not delegate its driver via useNvidiaDriverCRD
	// disables reconciliation even when a GPUCluster exists, since DRA requires
	// driver management through NVIDIADriver CRs.
	if clusterPolicy != nil && !clusterPolicy.Spec.Driver.UseNvidiaDriverCRDType() {
		msg := "useNvidiaDriverCRD is not enabled in ClusterPolicy"
		logger.V(consts.LogLevelWarning).Info("NVIDIADriver reconciliation skipped", "reason", msg)
		instance.Status.State = nvidiav1alpha1.Disabled
		if condErr := r.conditionUpdater.SetConditionsError(ctx, instance, conditions.Reconciled, msg); condErr != nil {
			logger.Error(condErr, "failed to set condition")
		}
		return reconcile.Result{}, nil

